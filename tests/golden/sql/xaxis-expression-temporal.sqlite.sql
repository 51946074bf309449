-- xaxis-expression-temporal: an SQL-expression x-axis (DATE(ds)) with a grain: probed temporal on every engine (ISO text on SQLite), so bucketed by month
SELECT DATETIME(DATETIME((DATE(ds))), 'start of month') AS "day",
       (COUNT(*)) AS "count"
FROM "random_time_series"
GROUP BY DATETIME(DATETIME((DATE(ds))), 'start of month')
ORDER BY "day" ASC
LIMIT 10000
