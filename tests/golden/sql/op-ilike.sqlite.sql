-- op-ilike: ILIKE: case-insensitive on every engine
SELECT name AS "name",
       (COUNT(*)) AS "count"
FROM "birth_names"
WHERE LOWER(name) LIKE LOWER('jo%')
GROUP BY name
ORDER BY "count" DESC
LIMIT 50000
