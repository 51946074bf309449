-- grain-p1m: time grain P1M on the x-axis (BASE_AXIS), time range No filter
SELECT DATE_SUB(DATE(ds), INTERVAL DAYOFMONTH(ds) - 1 DAY) AS `ds`,
       (COUNT(*)) AS `count`
FROM `random_time_series`
GROUP BY DATE_SUB(DATE(ds), INTERVAL DAYOFMONTH(ds) - 1 DAY)
ORDER BY `count` DESC
LIMIT 10000
