-- Fraud signals (docs/domain.md, Fraud signals, "The same picture"): a copy lightly edited (a
-- border, a shift, a crop, a rotation of a degree, brighter) moves the perceptual hash by up to
-- 11 bits, so the look up finds hashes up to 11 bits apart (SAME_PICTURE_MAX_BITS in
-- server/src/services/order-flags.ts). Two such hashes have a band at most two bits apart
-- (11 < 3 x 4): the probes are each band as it is, with each one of its 16 bits flipped and with
-- each two of them (1 + 16 + 120 = 137 a band, 548 in all). The hashes and their bands stay.
CREATE OR REPLACE FUNCTION "phash_probes"(h bigint) RETURNS integer[]
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT array_agg(i * 65536 + (((h >> (48 - 16 * i)) & 65535)::integer
      # (CASE WHEN k < 0 THEN 0 ELSE 1 << k END) # (CASE WHEN l < 0 THEN 0 ELSE 1 << l END)))
  FROM generate_series(0, 3) AS i, generate_series(-1, 15) AS k, generate_series(-1, 15) AS l
  WHERE l < k OR (k = -1 AND l = -1)
$$;
