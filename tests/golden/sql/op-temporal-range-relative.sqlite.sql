-- op-temporal-range-relative: TEMPORAL_RANGE 'previous calendar year' from a fixed now
SELECT gender AS "gender",
       (SUM(num)) AS "sum__num"
FROM "birth_names"
WHERE ds >= '2007-01-01 00:00:00'
  AND ds < '2008-01-01 00:00:00'
GROUP BY gender
ORDER BY "sum__num" DESC
LIMIT 50000
