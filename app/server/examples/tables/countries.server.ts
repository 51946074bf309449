/**
 * World Bank economies (names, codes and regions as in the WDI around 2014) with a rough 1960
 * population in millions and an income tier (1 low … 4 high) that steer the synthetic indicators.
 * Line format: CODE|population 1960 (millions)|tier|name.
 */

export interface Country {
  name: string;
  code: string;
  region: string;
  pop1960: number;
  tier: 1 | 2 | 3 | 4;
}

const REGIONS: Record<string, string> = {
  'East Asia & Pacific': `
ASM|0.02|4|American Samoa
AUS|10.3|4|Australia
BRN|0.08|4|Brunei Darussalam
KHM|5.7|1|Cambodia
CHN|667|2|China
FJI|0.39|3|Fiji
PYF|0.08|4|French Polynesia
GUM|0.067|4|Guam
HKG|3.08|4|Hong Kong SAR, China
IDN|88|2|Indonesia
JPN|92.5|4|Japan
KIR|0.041|2|Kiribati
PRK|11.4|1|Korea, Dem. People's Rep.
KOR|25|4|Korea, Rep.
LAO|2.1|2|Lao PDR
MAC|0.17|4|Macao SAR, China
MYS|8.2|3|Malaysia
MHL|0.015|3|Marshall Islands
FSM|0.045|2|Micronesia, Fed. Sts.
MNG|0.96|3|Mongolia
MMR|21.5|1|Myanmar
NCL|0.079|4|New Caledonia
NZL|2.37|4|New Zealand
MNP|0.01|4|Northern Mariana Islands
PLW|0.01|3|Palau
PNG|1.97|2|Papua New Guinea
PHL|26.3|2|Philippines
WSM|0.11|2|Samoa
SGP|1.65|4|Singapore
SLB|0.12|2|Solomon Islands
THA|27.4|3|Thailand
TLS|0.5|2|Timor-Leste
TON|0.062|3|Tonga
TUV|0.006|3|Tuvalu
VUT|0.064|2|Vanuatu
VNM|32.7|2|Vietnam`,
  'Europe & Central Asia': `
ALB|1.6|3|Albania
AND|0.013|4|Andorra
ARM|1.87|2|Armenia
AUT|7.05|4|Austria
AZE|3.9|3|Azerbaijan
BLR|8.2|3|Belarus
BEL|9.15|4|Belgium
BIH|3.2|3|Bosnia and Herzegovina
BGR|7.87|3|Bulgaria
CHI|0.11|4|Channel Islands
HRV|4.14|4|Croatia
CYP|0.57|4|Cyprus
CZE|9.6|4|Czech Republic
DNK|4.58|4|Denmark
EST|1.21|4|Estonia
FRO|0.035|4|Faroe Islands
FIN|4.43|4|Finland
FRA|46.8|4|France
GEO|4.15|2|Georgia
DEU|72.8|4|Germany
GIB|0.023|4|Gibraltar
GRC|8.33|4|Greece
GRL|0.032|4|Greenland
HUN|9.98|4|Hungary
ISL|0.176|4|Iceland
IRL|2.83|4|Ireland
IMN|0.048|4|Isle of Man
ITA|50.2|4|Italy
KAZ|9.7|3|Kazakhstan
XKX|0.95|2|Kosovo
KGZ|2.17|2|Kyrgyz Republic
LVA|2.12|4|Latvia
LIE|0.017|4|Liechtenstein
LTU|2.78|4|Lithuania
LUX|0.31|4|Luxembourg
MKD|1.39|3|Macedonia, FYR
MDA|2.54|2|Moldova
MCO|0.022|4|Monaco
MNE|0.49|3|Montenegro
NLD|11.5|4|Netherlands
NOR|3.58|4|Norway
POL|29.6|4|Poland
PRT|8.86|4|Portugal
ROU|18.4|3|Romania
RUS|119.9|4|Russian Federation
SMR|0.015|4|San Marino
SRB|6.9|3|Serbia
SVK|4.07|4|Slovak Republic
SVN|1.58|4|Slovenia
ESP|30.5|4|Spain
SWE|7.48|4|Sweden
CHE|5.33|4|Switzerland
TJK|2.06|1|Tajikistan
TUR|27.5|3|Turkey
TKM|1.59|3|Turkmenistan
UKR|42.7|2|Ukraine
GBR|52.4|4|United Kingdom
UZB|8.55|2|Uzbekistan`,
  'Latin America & Caribbean': `
ATG|0.055|4|Antigua and Barbuda
ARG|20.6|3|Argentina
ABW|0.054|4|Aruba
BHS|0.11|4|Bahamas, The
BRB|0.23|4|Barbados
BLZ|0.092|3|Belize
BOL|3.69|2|Bolivia
BRA|72.5|3|Brazil
VGB|0.008|4|British Virgin Islands
CYM|0.008|4|Cayman Islands
CHL|7.6|4|Chile
COL|16.1|3|Colombia
CRI|1.33|3|Costa Rica
CUB|7.14|3|Cuba
CUW|0.125|4|Curacao
DMA|0.06|3|Dominica
DOM|3.29|3|Dominican Republic
ECU|4.55|3|Ecuador
SLV|2.76|2|El Salvador
GRD|0.09|3|Grenada
GTM|4.2|2|Guatemala
GUY|0.57|2|Guyana
HTI|3.87|1|Haiti
HND|2.0|2|Honduras
JAM|1.63|3|Jamaica
MEX|38.2|3|Mexico
NIC|1.77|2|Nicaragua
PAN|1.13|3|Panama
PRY|1.9|3|Paraguay
PER|10.1|3|Peru
PRI|2.36|4|Puerto Rico
KNA|0.051|4|St. Kitts and Nevis
LCA|0.09|3|St. Lucia
VCT|0.08|3|St. Vincent and the Grenadines
SUR|0.29|3|Suriname
TTO|0.85|4|Trinidad and Tobago
TCA|0.006|4|Turks and Caicos Islands
URY|2.54|4|Uruguay
VEN|8.1|3|Venezuela, RB
VIR|0.033|4|Virgin Islands (U.S.)`,
  'Middle East & North Africa': `
DZA|11.1|3|Algeria
BHR|0.16|4|Bahrain
DJI|0.084|2|Djibouti
EGY|27.9|2|Egypt, Arab Rep.
IRN|21.9|3|Iran, Islamic Rep.
IRQ|7.3|3|Iraq
ISR|2.14|4|Israel
JOR|0.93|3|Jordan
KWT|0.27|4|Kuwait
LBN|1.8|3|Lebanon
LBY|1.45|3|Libya
MLT|0.31|4|Malta
MAR|12.3|2|Morocco
OMN|0.55|4|Oman
QAT|0.047|4|Qatar
SAU|4.09|4|Saudi Arabia
SYR|4.6|2|Syrian Arab Republic
TUN|4.2|3|Tunisia
ARE|0.09|4|United Arab Emirates
PSE|1.0|2|West Bank and Gaza
YEM|5.2|2|Yemen, Rep.`,
  'North America': `
BMU|0.044|4|Bermuda
CAN|17.9|4|Canada
USA|180.7|4|United States`,
  'South Asia': `
AFG|8.99|1|Afghanistan
BGD|48.2|2|Bangladesh
BTN|0.22|2|Bhutan
IND|449.5|2|India
MDV|0.09|3|Maldives
NPL|10.1|1|Nepal
PAK|44.9|2|Pakistan
LKA|9.87|2|Sri Lanka`,
  'Sub-Saharan Africa': `
AGO|5.45|3|Angola
BEN|2.43|1|Benin
BWA|0.52|3|Botswana
BFA|4.83|1|Burkina Faso
BDI|2.79|1|Burundi
CPV|0.2|2|Cabo Verde
CMR|5.18|2|Cameroon
CAF|1.5|1|Central African Republic
TCD|3.0|1|Chad
COM|0.19|1|Comoros
COD|15.2|1|Congo, Dem. Rep.
COG|1.0|2|Congo, Rep.
CIV|3.5|2|Cote d'Ivoire
GNQ|0.25|3|Equatorial Guinea
ERI|1.4|1|Eritrea
ETH|22.2|1|Ethiopia
GAB|0.5|3|Gabon
GMB|0.37|1|Gambia, The
GHA|6.65|2|Ghana
GIN|3.5|1|Guinea
GNB|0.62|1|Guinea-Bissau
KEN|8.1|2|Kenya
LSO|0.85|2|Lesotho
LBR|1.1|1|Liberia
MDG|5.1|1|Madagascar
MWI|3.6|1|Malawi
MLI|5.26|1|Mali
MRT|0.85|2|Mauritania
MUS|0.66|3|Mauritius
MOZ|7.5|1|Mozambique
NAM|0.6|3|Namibia
NER|3.4|1|Niger
NGA|45.2|2|Nigeria
RWA|2.9|1|Rwanda
STP|0.064|2|Sao Tome and Principe
SEN|3.2|2|Senegal
SYC|0.042|4|Seychelles
SLE|2.3|1|Sierra Leone
SOM|2.8|1|Somalia
ZAF|17.4|3|South Africa
SSD|2.9|1|South Sudan
SDN|7.5|2|Sudan
SWZ|0.35|2|Swaziland
TZA|10.1|1|Tanzania
TGO|1.58|1|Togo
UGA|6.8|1|Uganda
ZMB|3.05|2|Zambia
ZWE|3.78|1|Zimbabwe`,
};

export const COUNTRIES: Country[] = Object.entries(REGIONS)
  .flatMap(([region, block]) =>
    block
      .trim()
      .split('\n')
      .map((line) => {
        const [code, pop, tier, name] = line.split('|');
        return { name, code, region, pop1960: Number(pop), tier: Number(tier) as Country['tier'] };
      }),
  )
  .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

// Economies whose statistics only start with independence in the early 1990s.
export const POST_1990 = new Set([
  'ARM', 'AZE', 'BLR', 'EST', 'GEO', 'KAZ', 'KGZ', 'LVA', 'LTU', 'MDA', 'RUS', 'TJK', 'TKM', 'UKR', 'UZB',
  'BIH', 'HRV', 'MKD', 'MNE', 'SRB', 'SVN', 'SVK', 'CZE', 'XKX', 'ERI', 'SSD', 'TLS',
]);

// City-states and territories without a rural population.
export const ALL_URBAN = new Set(['SGP', 'HKG', 'MAC', 'MCO', 'GIB', 'BMU', 'CYM', 'SMR']);

// Southern African economies where HIV cut life expectancy sharply in the 1990s and 2000s.
export const HIV_BELT = new Set(['BWA', 'ZAF', 'LSO', 'SWZ', 'ZWE', 'ZMB', 'NAM', 'MWI', 'MOZ']);

// Gulf states whose migrant workforce skews the population male.
export const MALE_SKEWED = new Set(['QAT', 'ARE', 'KWT', 'BHR', 'OMN', 'SAU']);
