-- op-like: LIKE (the pattern matches the same rows case-sensitively or not)
SELECT name AS "name",
       (SUM(num)) AS "sum__num"
FROM "birth_names"
WHERE name LIKE 'Jo%'
GROUP BY name
ORDER BY "sum__num" DESC
LIMIT 50000
