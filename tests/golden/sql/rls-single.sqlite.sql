-- rls-single: one row-level security predicate
SELECT gender AS "gender",
       (SUM(num)) AS "sum__num"
FROM "birth_names"
WHERE (state = 'CA')
GROUP BY gender
ORDER BY "sum__num" DESC
LIMIT 50000
