-- legacy-timeseries-week: legacy style with a week grain and no groupby (granularity_sqla, the older name)
SELECT DATETIME(ds, 'start of day', '-' || ((CAST(STRFTIME('%w', ds) AS INTEGER) + 6) % 7) || ' days') AS "__timestamp",
       (COUNT(*)) AS "count"
FROM "random_time_series"
WHERE ds >= '2019-03-01 00:00:00'
  AND ds < '2019-05-01 00:00:00'
GROUP BY DATETIME(ds, 'start of day', '-' || ((CAST(STRFTIME('%w', ds) AS INTEGER) + 6) % 7) || ' days')
ORDER BY "count" DESC
LIMIT 10000
