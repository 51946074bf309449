-- time-offset-year: time_offsets ['1 year ago'] on a yearly series
SELECT DATETIME(ds, 'start of year') AS "ds",
       (SUM(num)) AS "sum__num"
FROM "birth_names"
WHERE ds >= '2000-01-01 00:00:00'
  AND ds < '2008-01-02 00:00:00'
GROUP BY DATETIME(ds, 'start of year')
ORDER BY "sum__num" DESC
LIMIT 10000
-- time offset: 1 year ago
SELECT DATETIME(ds, 'start of year') AS "ds",
       (SUM(num)) AS "sum__num"
FROM "birth_names"
WHERE ds >= '1999-01-01 00:00:00'
  AND ds < '2007-01-02 00:00:00'
GROUP BY DATETIME(ds, 'start of year')
ORDER BY "sum__num" DESC
LIMIT 10000
