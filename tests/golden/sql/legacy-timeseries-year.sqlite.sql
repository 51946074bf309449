-- legacy-timeseries-year: legacy granularity + is_timeseries + extras.time_grain_sqla giving __timestamp, with groupby
SELECT DATETIME(ds, 'start of year') AS "__timestamp",
       gender AS "gender",
       (SUM(num)) AS "sum__num"
FROM "birth_names"
WHERE ds >= '1990-01-01 00:00:00'
  AND ds < '2000-01-01 00:00:00'
GROUP BY DATETIME(ds, 'start of year'), gender
ORDER BY "sum__num" DESC
LIMIT 50000
