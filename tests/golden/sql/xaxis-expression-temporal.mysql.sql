-- xaxis-expression-temporal: an SQL-expression x-axis (DATE(ds)) with a grain: probed temporal on every engine (ISO text on SQLite), so bucketed by month
SELECT DATE_SUB(DATE((DATE(ds))), INTERVAL DAYOFMONTH((DATE(ds))) - 1 DAY) AS `day`,
       (COUNT(*)) AS `count`
FROM `random_time_series`
GROUP BY DATE_SUB(DATE((DATE(ds))), INTERVAL DAYOFMONTH((DATE(ds))) - 1 DAY)
ORDER BY `day` ASC
LIMIT 10000
