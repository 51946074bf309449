-- time-offset-legacy-week: legacy __timestamp style with time_offsets ['1 week ago']
SELECT DATETIME(ds, 'start of day', '-' || ((CAST(STRFTIME('%w', ds) AS INTEGER) + 6) % 7) || ' days') AS "__timestamp",
       (COUNT(*)) AS "count"
FROM "random_time_series"
WHERE ds >= '2020-01-06 00:00:00'
  AND ds < '2020-03-02 00:00:00'
GROUP BY DATETIME(ds, 'start of day', '-' || ((CAST(STRFTIME('%w', ds) AS INTEGER) + 6) % 7) || ' days')
ORDER BY "count" DESC
LIMIT 1000
-- time offset: 1 week ago
SELECT DATETIME(ds, 'start of day', '-' || ((CAST(STRFTIME('%w', ds) AS INTEGER) + 6) % 7) || ' days') AS "__timestamp",
       (COUNT(*)) AS "count"
FROM "random_time_series"
WHERE ds >= '2019-12-30 00:00:00'
  AND ds < '2020-02-24 00:00:00'
GROUP BY DATETIME(ds, 'start of day', '-' || ((CAST(STRFTIME('%w', ds) AS INTEGER) + 6) % 7) || ' days')
ORDER BY "count" DESC
LIMIT 1000
