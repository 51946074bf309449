-- grain-p1m: time grain P1M on the x-axis (BASE_AXIS), time range No filter
SELECT DATETIME(ds, 'start of month') AS "ds",
       (COUNT(*)) AS "count"
FROM "random_time_series"
GROUP BY DATETIME(ds, 'start of month')
ORDER BY "count" DESC
LIMIT 10000
