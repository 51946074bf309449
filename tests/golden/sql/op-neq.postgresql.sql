-- op-neq: != on a text column
SELECT state AS "state",
       (SUM(num)) AS "sum__num"
FROM "birth_names"
WHERE state <> 'other'
GROUP BY state
ORDER BY "sum__num" DESC
LIMIT 100
