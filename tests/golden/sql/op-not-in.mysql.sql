-- op-not-in: NOT IN
SELECT name AS `name`,
       (SUM(num)) AS `sum__num`
FROM `birth_names`
WHERE NOT (name IN ('Jennifer', 'Michael', 'Christopher'))
GROUP BY name
ORDER BY `sum__num` DESC
LIMIT 5
