-- grain-p1y: time grain P1Y on the x-axis (BASE_AXIS), time range No filter
SELECT MAKEDATE(YEAR(ds), 1) AS `ds`,
       (COUNT(*)) AS `count`
FROM `random_time_series`
GROUP BY MAKEDATE(YEAR(ds), 1)
ORDER BY `count` DESC
LIMIT 10000
