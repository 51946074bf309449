-- op-is-false: IS FALSE on a boolean calculated column
SELECT "CANCELLATION_REASON" AS "CANCELLATION_REASON",
       (COUNT(*)) AS "count",
       (AVG("ARRIVAL_DELAY")) AS "avg_arrival_delay"
FROM "flights"
WHERE ("CANCELLED" = 1) IS FALSE
GROUP BY "CANCELLATION_REASON"
ORDER BY "count" DESC
LIMIT 50000
