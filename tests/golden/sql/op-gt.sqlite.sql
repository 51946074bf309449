-- op-gt: > with a string value on a numeric column (as the frontend sends it)
SELECT gender AS "gender",
       (COUNT(*)) AS "count",
       (SUM(num)) AS "sum__num"
FROM "birth_names"
WHERE num > 1000
GROUP BY gender
ORDER BY "count" DESC
LIMIT 50000
