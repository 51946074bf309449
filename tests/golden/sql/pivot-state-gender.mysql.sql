-- pivot-state-gender: two dimensions pivoted by post-processing (a pivot table)
SELECT state AS `state`,
       gender AS `gender`,
       (SUM(num)) AS `sum__num`
FROM `birth_names`
GROUP BY state, gender
ORDER BY `sum__num` DESC
LIMIT 50000
