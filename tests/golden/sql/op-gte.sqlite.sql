-- op-gte: >= on a numeric column
SELECT gender AS "gender",
       (COUNT(*)) AS "count"
FROM "birth_names"
WHERE num >= 5000
GROUP BY gender
ORDER BY "count" DESC
LIMIT 50000
