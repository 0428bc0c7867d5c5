// `npm run bench`: bundle weight, page timings and API load beside their budgets.
// The bench lives in bench/ (see bench/run.mjs and README.md, "Benchmarks").
import '../bench/run.mjs';
