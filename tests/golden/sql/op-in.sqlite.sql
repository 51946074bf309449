-- op-in: IN with a list of strings
SELECT state AS "state",
       (SUM(num)) AS "sum__num"
FROM "birth_names"
WHERE state IN ('CA', 'NY', 'TX')
GROUP BY state
ORDER BY "sum__num" DESC
LIMIT 50000
