-- series-limit-top-names: series_columns + series_limit + series_limit_metric: a join on the top-5 names
SELECT MAKEDATE(YEAR(ds), 1) AS `ds`,
       name AS `name`,
       (SUM(num)) AS `sum__num`
FROM `birth_names`
INNER JOIN (
SELECT name AS `name__`, (SUM(num)) AS `mme_inner__`
FROM `birth_names`
GROUP BY name
ORDER BY (SUM(num)) DESC
LIMIT 5
) AS series_limit ON name = series_limit.`name__`
GROUP BY MAKEDATE(YEAR(ds), 1), name
ORDER BY `sum__num` DESC
LIMIT 10000
