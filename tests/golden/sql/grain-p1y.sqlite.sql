-- grain-p1y: time grain P1Y on the x-axis (BASE_AXIS), time range No filter
SELECT DATETIME(ds, 'start of year') AS "ds",
       (COUNT(*)) AS "count"
FROM "random_time_series"
GROUP BY DATETIME(ds, 'start of year')
ORDER BY "count" DESC
LIMIT 10000
