-- grain-p3m: time grain P3M on the x-axis (BASE_AXIS), time range No filter
SELECT DATE_ADD(MAKEDATE(YEAR(ds), 1), INTERVAL QUARTER(ds) - 1 QUARTER) AS `ds`,
       (COUNT(*)) AS `count`
FROM `random_time_series`
GROUP BY DATE_ADD(MAKEDATE(YEAR(ds), 1), INTERVAL QUARTER(ds) - 1 QUARTER)
ORDER BY `count` DESC
LIMIT 10000
