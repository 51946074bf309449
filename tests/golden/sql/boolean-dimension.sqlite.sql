-- boolean-dimension: a boolean calculated column as a dimension
SELECT ("CANCELLED" = 1) AS "is_cancelled",
       (COUNT(*)) AS "count"
FROM "flights"
GROUP BY ("CANCELLED" = 1)
ORDER BY "count" DESC
LIMIT 50000
