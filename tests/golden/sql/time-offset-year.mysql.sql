-- time-offset-year: time_offsets ['1 year ago'] on a yearly series
SELECT MAKEDATE(YEAR(ds), 1) AS `ds`,
       (SUM(num)) AS `sum__num`
FROM `birth_names`
WHERE ds >= TIMESTAMP '2000-01-01 00:00:00'
  AND ds < TIMESTAMP '2008-01-02 00:00:00'
GROUP BY MAKEDATE(YEAR(ds), 1)
ORDER BY `sum__num` DESC
LIMIT 10000
-- time offset: 1 year ago
SELECT MAKEDATE(YEAR(ds), 1) AS `ds`,
       (SUM(num)) AS `sum__num`
FROM `birth_names`
WHERE ds >= TIMESTAMP '1999-01-01 00:00:00'
  AND ds < TIMESTAMP '2007-01-02 00:00:00'
GROUP BY MAKEDATE(YEAR(ds), 1)
ORDER BY `sum__num` DESC
LIMIT 10000
