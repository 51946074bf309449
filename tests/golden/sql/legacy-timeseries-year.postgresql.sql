-- legacy-timeseries-year: legacy granularity + is_timeseries + extras.time_grain_sqla giving __timestamp, with groupby
SELECT DATE_TRUNC('year', ds) AS "__timestamp",
       gender AS "gender",
       (SUM(num)) AS "sum__num"
FROM "birth_names"
WHERE ds >= TIMESTAMP '1990-01-01 00:00:00'
  AND ds < TIMESTAMP '2000-01-01 00:00:00'
GROUP BY DATE_TRUNC('year', ds), gender
ORDER BY "sum__num" DESC
LIMIT 50000
