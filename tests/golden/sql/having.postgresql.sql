-- having: extras.having on an aggregate
SELECT name AS "name",
       (SUM(num)) AS "sum__num"
FROM "birth_names"
GROUP BY name
HAVING (SUM(num) > 400000)
ORDER BY "sum__num" DESC
LIMIT 50000
