-- grain-p3m: time grain P3M on the x-axis (BASE_AXIS), time range No filter
SELECT DATETIME(ds, 'start of month', '-' || ((CAST(STRFTIME('%m', ds) AS INTEGER) - 1) % 3) || ' months') AS "ds",
       (COUNT(*)) AS "count"
FROM "random_time_series"
GROUP BY DATETIME(ds, 'start of month', '-' || ((CAST(STRFTIME('%m', ds) AS INTEGER) - 1) % 3) || ' months')
ORDER BY "count" DESC
LIMIT 10000
