-- row-limit-offset: row_limit with row_offset
SELECT name AS `name`,
       (SUM(num)) AS `sum__num`
FROM `birth_names`
GROUP BY name
ORDER BY `sum__num` DESC
LIMIT 5 OFFSET 5
