-- grain-week-starting-monday: time grain 1969-12-29T00:00:00Z/P1W on the x-axis (BASE_AXIS), time range 2019-03-01 : 2019-07-01
SELECT DATETIME(ds, 'start of day', '-' || ((CAST(STRFTIME('%w', ds) AS INTEGER) + 6) % 7) || ' days') AS "ds",
       (COUNT(*)) AS "count"
FROM "random_time_series"
WHERE ds >= '2019-03-01 00:00:00'
  AND ds < '2019-07-01 00:00:00'
GROUP BY DATETIME(ds, 'start of day', '-' || ((CAST(STRFTIME('%w', ds) AS INTEGER) + 6) % 7) || ' days')
ORDER BY "count" DESC
LIMIT 10000
