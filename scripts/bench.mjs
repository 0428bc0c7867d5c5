// `npm run bench`: bundle weight, page timings and API load beside their budgets.
// The bench lives in bench/ (see bench/run.mjs and docs/benchmarks.md).
import '../bench/run.mjs';
