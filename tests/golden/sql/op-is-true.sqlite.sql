-- op-is-true: IS TRUE on a boolean calculated column
SELECT AIRLINE AS "AIRLINE",
       (COUNT(*)) AS "count"
FROM "flights"
WHERE ("CANCELLED" = 1) IS TRUE
GROUP BY AIRLINE
ORDER BY "count" DESC
LIMIT 50000
