/**
 * The default merchant catalogue: well-known US subscription and bill merchants, plus the
 * habitual-spending merchants (coffee, groceries, rides, fuel, marketplaces) whose frequent
 * charges must never be mistaken for subscriptions. Aliases are upper-case regular-expression
 * sources matched against the descriptor after processor prefixes are stripped; an alias only
 * matches where a word starts, and one that ends with a letter or digit only where a word ends
 * ("HULU" will not match "SHULUK"). When aliases of two entries match at the same place the
 * longer one wins, so "AMAZON PRIME" beats "AMAZON"; subscription merchants are tried before
 * habitual ones. The app can pass its own catalogue to `detectRecurring`.
 */
import type { MerchantCatalogueEntry, SubscriptionCategory } from './types';

type Row = [
  id: string,
  name: string,
  website: string | null,
  category: SubscriptionCategory,
  aliases: string[],
];

/** Merchants that sell subscriptions or send bills. */
// prettier-ignore
const RECURRING: Row[] = [
  ['netflix', 'Netflix', 'netflix.com', 'streaming', ['NETFLIX']],
  ['hulu', 'Hulu', 'hulu.com', 'streaming', ['HULU']],
  ['disney-plus', 'Disney+', 'disneyplus.com', 'streaming', ['DISNEY ?PLUS', 'DISNEY\\+', 'DISNEYPLUS']],
  ['max', 'Max', 'max.com', 'streaming', ['HBO ?MAX', 'MAX\\.COM', 'HBO NOW', 'WARNER ?MEDIA MAX']],
  ['paramount-plus', 'Paramount+', 'paramountplus.com', 'streaming', ['PARAMOUNT ?\\+', 'PARAMOUNT ?PLUS', 'CBS ALL ACCESS']],
  ['peacock', 'Peacock', 'peacocktv.com', 'streaming', ['PEACOCK']],
  ['youtube-premium', 'YouTube Premium', 'youtube.com', 'streaming', ['YOUTUBE ?PREMIUM', 'YOUTUBE ?MUSIC', 'YOUTUBE ?TV', 'YOUTUBE']],
  ['amazon-prime', 'Amazon Prime', 'amazon.com', 'shopping_membership', ['AMAZON PRIME', 'AMZN PRIME', 'PRIME MEMBERSHIP']],
  ['prime-video', 'Prime Video', 'amazon.com', 'streaming', ['PRIME VIDEO']],
  // Amazon bills its plans (Kindle Unlimited, the Prime membership, digital services) under its
  // services descriptors, and orders as "AMAZON.COM*<order>" / "AMAZON MKTPL*<order>".
  ['amazon-digital', 'Amazon Digital', 'amazon.com', 'digital_services', ['AMZN DIGITAL', 'AMAZON DIGITAL', 'AMAZON(?:\\.COM)? SERVICES']],
  ['sling', 'Sling TV', 'sling.com', 'streaming', ['SLING\\.COM', 'SLING TV']],
  ['fubo', 'Fubo', 'fubo.tv', 'streaming', ['FUBO ?TV', 'FUBO']],
  ['espn-plus', 'ESPN+', 'espn.com', 'streaming', ['ESPN ?PLUS', 'ESPN\\+']],
  ['crunchyroll', 'Crunchyroll', 'crunchyroll.com', 'streaming', ['CRUNCHYROLL']],
  ['directv', 'DirecTV', 'directv.com', 'streaming', ['DIRECTV', 'DIRECT TV']],
  ['spotify', 'Spotify', 'spotify.com', 'music', ['SPOTIFY']],
  ['pandora', 'Pandora', 'pandora.com', 'music', ['PANDORA']],
  ['siriusxm', 'SiriusXM', 'siriusxm.com', 'music', ['SIRIUS ?XM', 'SIRIUSXM', 'SIRIUS RADIO']],
  ['tidal', 'Tidal', 'tidal.com', 'music', ['TIDAL\\.COM', 'TIDAL MUSIC', 'TIDAL ?\\*']],
  ['audible', 'Audible', 'audible.com', 'audiobooks', ['AUDIBLE']],
  ['apple', 'Apple', 'apple.com', 'digital_services', ['APPLE\\.COM', 'APPLE COM BILL', 'ITUNES', 'APL ?\\* ?ITUNES', 'APPLE SERVICES']],
  ['icloud', 'iCloud', 'icloud.com', 'cloud_storage', ['ICLOUD', 'APPLE ?\\.COM/ICLOUD']],
  // Google bills Play apps and its plans bought through Play (Google One, YouTube Premium) under
  // "GOOGLE *SERVICES" as well ("SERVICES G.CO/HELPPAY#" once the processor prefix is cut), with
  // one-off app purchases beside them: one storefront.
  ['google-play', 'Google Play', 'play.google.com', 'digital_services', ['GOOGLE ?\\*? ?PLAY', 'PLAY G\\.CO', 'GOOGLE ?\\*? ?SERVICES', 'SERVICES G\\.CO']],
  ['google-one', 'Google One', 'one.google.com', 'cloud_storage', ['GOOGLE ?ONE', 'GOOGLE STORAGE', 'G\\.CO/HELPPAY']],
  ['google-fi', 'Google Fi', 'fi.google.com', 'telecom', ['GOOGLE ?FI', 'GOOGLE WIRELESS']],
  ['dropbox', 'Dropbox', 'dropbox.com', 'cloud_storage', ['DROPBOX']],
  ['microsoft-365', 'Microsoft 365', 'microsoft.com', 'software', ['MICROSOFT ?365', 'MICROSOFT ?\\*? ?OFFICE', 'MSFT ?\\* ?MICROSOFT', 'MSFT ?\\*', 'MS OFFICE 365', 'OFFICE 365']],
  ['xbox', 'Xbox Game Pass', 'xbox.com', 'gaming', ['XBOX', 'MSFT ?\\* ?XBOX', 'MICROSOFT ?\\*? ?XBOX']],
  ['playstation', 'PlayStation Plus', 'playstation.com', 'gaming', ['PLAYSTATION ?NETWORK', 'PLAYSTATION', 'SONY ?PLAYSTATION']],
  ['nintendo', 'Nintendo Switch Online', 'nintendo.com', 'gaming', ['NINTENDO']],
  ['adobe', 'Adobe', 'adobe.com', 'software', ['ADOBE']],
  ['openai', 'ChatGPT', 'openai.com', 'software', ['OPENAI', 'CHATGPT']],
  ['anthropic', 'Claude', 'anthropic.com', 'software', ['ANTHROPIC', 'CLAUDE\\.AI']],
  ['github', 'GitHub', 'github.com', 'software', ['GITHUB']],
  ['canva', 'Canva', 'canva.com', 'software', ['CANVA']],
  ['zoom', 'Zoom', 'zoom.us', 'software', ['ZOOM\\.US', 'ZOOM VIDEO', 'ZOOM COMMUNICATIONS']],
  ['notion', 'Notion', 'notion.so', 'software', ['NOTION LABS', 'NOTION\\.SO']],
  ['1password', '1Password', '1password.com', 'software', ['1PASSWORD', 'AGILEBITS']],
  ['nordvpn', 'NordVPN', 'nordvpn.com', 'software', ['NORDVPN', 'NORD ?SEC']],
  ['grammarly', 'Grammarly', 'grammarly.com', 'software', ['GRAMMARLY']],
  ['norton', 'Norton', 'norton.com', 'software', ['NORTON', 'NORTONLIFELOCK']],
  ['squarespace', 'Squarespace', 'squarespace.com', 'software', ['SQSP', 'SQUARESPACE']],
  ['godaddy', 'GoDaddy', 'godaddy.com', 'software', ['GODADDY', 'DNH ?\\* ?GODADDY']],
  ['linkedin', 'LinkedIn Premium', 'linkedin.com', 'software', ['LINKEDIN']],
  ['duolingo', 'Duolingo', 'duolingo.com', 'education', ['DUOLINGO']],
  ['masterclass', 'MasterClass', 'masterclass.com', 'education', ['MASTERCLASS']],
  ['chegg', 'Chegg', 'chegg.com', 'education', ['CHEGG']],
  ['headspace', 'Headspace', 'headspace.com', 'wellness', ['HEADSPACE']],
  ['calm', 'Calm', 'calm.com', 'wellness', ['CALM\\.COM', 'CALM APP']],
  ['noom', 'Noom', 'noom.com', 'wellness', ['NOOM']],
  ['ww', 'WeightWatchers', 'weightwatchers.com', 'wellness', ['WEIGHTWATCHERS', 'WW INTERNATIONAL', 'WW\\.COM']],
  ['planet-fitness', 'Planet Fitness', 'planetfitness.com', 'fitness', ['PLANET ?FITNESS', 'PLANET FIT', 'PF CLUB', 'PLANETFIT']],
  // The Y prints its name three ways: "YMCA OF <city>", "THE Y <branch>", "YMCA MEMBERSHIP DUES".
  ['ymca', 'YMCA', 'ymca.org', 'fitness', ['YMCA', 'YWCA', 'THE Y']],
  ['equinox', 'Equinox', 'equinox.com', 'fitness', ['EQUINOX']],
  ['peloton', 'Peloton', 'onepeloton.com', 'fitness', ['PELOTON']],
  ['la-fitness', 'LA Fitness', 'lafitness.com', 'fitness', ['LA ?FITNESS', 'FITNESS INTERNATIONAL']],
  ['24-hour-fitness', '24 Hour Fitness', '24hourfitness.com', 'fitness', ['24 ?HOUR ?FITNESS', '24HR FITNESS']],
  ['anytime-fitness', 'Anytime Fitness', 'anytimefitness.com', 'fitness', ['ANYTIME ?FITNESS']],
  ['orangetheory', 'Orangetheory', 'orangetheory.com', 'fitness', ['ORANGE ?THEORY', 'OTF ']],
  ['crunch', 'Crunch Fitness', 'crunch.com', 'fitness', ['CRUNCH ?FITNESS', 'CRUNCH GYM']],
  ['classpass', 'ClassPass', 'classpass.com', 'fitness', ['CLASSPASS']],
  ['strava', 'Strava', 'strava.com', 'fitness', ['STRAVA']],
  ['verizon', 'Verizon', 'verizon.com', 'telecom', ['VERIZON', 'VZWRLSS', 'VZW', 'VZ WIRELESS']],
  ['att', 'AT&T', 'att.com', 'telecom', ['AT ?& ?T', 'ATT ?\\*', 'ATT BILL', 'ATT PAYMENT', 'AT AND T']],
  ['t-mobile', 'T-Mobile', 't-mobile.com', 'telecom', ['T-MOBILE', 'TMOBILE', 'T MOBILE']],
  ['mint-mobile', 'Mint Mobile', 'mintmobile.com', 'telecom', ['MINT ?MOBILE']],
  ['cricket', 'Cricket Wireless', 'cricketwireless.com', 'telecom', ['CRICKET ?WIRELESS', 'CRICKET COMM']],
  ['visible', 'Visible', 'visible.com', 'telecom', ['VISIBLE ?\\*', 'VISIBLE SERVICE']],
  ['xfinity', 'Xfinity', 'xfinity.com', 'internet', ['COMCAST', 'XFINITY']],
  ['spectrum', 'Spectrum', 'spectrum.com', 'internet', ['SPECTRUM', 'CHARTER ?COMM']],
  ['cox', 'Cox', 'cox.com', 'internet', ['COX ?COMM', 'COX CABLE']],
  ['optimum', 'Optimum', 'optimum.net', 'internet', ['OPTIMUM', 'ALTICE']],
  ['frontier', 'Frontier', 'frontier.com', 'internet', ['FRONTIER ?COMM']],
  ['centurylink', 'CenturyLink', 'centurylink.com', 'internet', ['CENTURY ?LINK', 'LUMEN']],
  ['hellofresh', 'HelloFresh', 'hellofresh.com', 'meal_kit', ['HELLO ?FRESH']],
  ['blue-apron', 'Blue Apron', 'blueapron.com', 'meal_kit', ['BLUE ?APRON']],
  ['factor', 'Factor', 'factor75.com', 'meal_kit', ['FACTOR ?75', 'FACTOR MEALS']],
  ['home-chef', 'Home Chef', 'homechef.com', 'meal_kit', ['HOME ?CHEF']],
  ['nyt', 'The New York Times', 'nytimes.com', 'news', ['NYTIMES', 'NY TIMES', 'NYT ?\\*', 'NEW YORK TIMES', 'NYT DIGITAL']],
  ['wsj', 'The Wall Street Journal', 'wsj.com', 'news', ['WSJ', 'WALL ST(?:REET)? JOURNAL', 'DOW JONES']],
  ['washington-post', 'The Washington Post', 'washingtonpost.com', 'news', ['WASHINGTON ?POST', 'WASHPOST', 'WP DIGITAL']],
  ['the-atlantic', 'The Atlantic', 'theatlantic.com', 'news', ['THE ATLANTIC', 'ATLANTIC MONTHLY']],
  ['medium', 'Medium', 'medium.com', 'news', ['MEDIUM\\.COM', 'MEDIUM CORP']],
  ['patreon', 'Patreon', 'patreon.com', 'creators', ['PATREON']],
  ['geico', 'GEICO', 'geico.com', 'insurance', ['GEICO']],
  ['adt', 'ADT', 'adt.com', 'other', ['ADT SECURITY', 'ADT ?\\*']],
  ['test-merchant', 'TEST_MERCHANT', 'example.com', 'other', ['TEST[_ ]MERCHANT']],
  ['progressive', 'Progressive', 'progressive.com', 'insurance', ['PROGRESSIVE', 'PROG ?DIRECT', 'PROG INS']],
  ['state-farm', 'State Farm', 'statefarm.com', 'insurance', ['STATE ?FARM']],
  ['allstate', 'Allstate', 'allstate.com', 'insurance', ['ALLSTATE']],
  ['liberty-mutual', 'Liberty Mutual', 'libertymutual.com', 'insurance', ['LIBERTY ?MUTUAL']],
  ['lemonade', 'Lemonade', 'lemonade.com', 'insurance', ['LEMONADE ?INS', 'LEMONADE INC']],
  ['pge', 'PG&E', 'pge.com', 'utilities', ['PG ?& ?E', 'PGANDE', 'PACIFIC GAS', 'PGE WEB']],
  ['coned', 'Con Edison', 'coned.com', 'utilities', ['CON ?ED', 'CONEDISON', 'CONSOLIDATED EDISON']],
  ['duke-energy', 'Duke Energy', 'duke-energy.com', 'utilities', ['DUKE ?ENERGY', 'DUKE-ENERGY']],
  ['sce', 'Southern California Edison', 'sce.com', 'utilities', ['SO ?CAL EDISON', 'SOUTHERN CALIFORNIA EDISON', 'SCE BILL']],
  ['dominion', 'Dominion Energy', 'dominionenergy.com', 'utilities', ['DOMINION ?ENERGY', 'DOM ENERGY']],
  ['national-grid', 'National Grid', 'nationalgridus.com', 'utilities', ['NATIONAL ?GRID', 'NATL GRID']],
  ['xcel', 'Xcel Energy', 'xcelenergy.com', 'utilities', ['XCEL ?ENERGY']],
  ['fpl', 'Florida Power & Light', 'fpl.com', 'utilities', ['FPL', 'FLORIDA POWER']],
  ['american-water', 'American Water', 'amwater.com', 'utilities', ['AMERICAN WATER', 'AMWATER', 'AM WATER']],
  ['ladwp', 'LADWP', 'ladwp.com', 'utilities', ['LADWP', 'LA DWP', 'LA DEPT OF WATER']],
  ['dashpass', 'DashPass', 'doordash.com', 'food_delivery', ['DASHPASS', 'DOORDASH ?\\* ?DASHPASS', 'DOORDASH DASH PASS']],
  ['uber-one', 'Uber One', 'uber.com', 'food_delivery', ['UBER ?\\* ?ONE', 'UBER ONE', 'UBER PASS']],
  ['instacart-plus', 'Instacart+', 'instacart.com', 'food_delivery', ['INSTACART ?\\+', 'INSTACART ?PLUS', 'INSTACART ?MEMBERSHIP', 'INSTACART EXPRESS']],
  ['walmart-plus', 'Walmart+', 'walmart.com', 'shopping_membership', ['WALMART ?\\+', 'WALMART ?PLUS', 'WMT ?PLUS']],
  ['costco-membership', 'Costco Membership', 'costco.com', 'shopping_membership', ['COSTCO ?\\* ?ANNUAL', 'COSTCO ?MEMBERSHIP', 'COSTCO ANNUAL RENEWAL']],
  ['tinder', 'Tinder', 'tinder.com', 'dating', ['TINDER']],
  ['bumble', 'Bumble', 'bumble.com', 'dating', ['BUMBLE']],
  ['hinge', 'Hinge', 'hinge.co', 'dating', ['HINGE']],
  ['banfield', 'Banfield Pet Hospital', 'banfield.com', 'other', ['BANFIELD']],
  ['dollar-shave-club', 'Dollar Shave Club', 'dollarshaveclub.com', 'personal_care', ['DOLLAR ?SHAVE', 'DOLLARSHAVECLUB']],
  ['bright-horizons', 'Bright Horizons', 'brighthorizons.com', 'childcare', ['BRIGHT ?HORIZONS']],
];

/** Habitual spending: frequent, but not subscriptions. */
// prettier-ignore
const HABITUAL: Row[] = [
  ['starbucks', 'Starbucks', 'starbucks.com', 'coffee', ['STARBUCKS', 'SBUX']],
  ['dunkin', "Dunkin'", 'dunkindonuts.com', 'coffee', ['DUNKIN']],
  ['blue-bottle', 'Blue Bottle Coffee', 'bluebottlecoffee.com', 'coffee', ['BLUE ?BOTTLE']],
  ['peets', "Peet's Coffee", 'peets.com', 'coffee', ['PEETS', "PEET'S"]],
  ['mcdonalds', "McDonald's", 'mcdonalds.com', 'fast_food', ["MCDONALD'?S", 'MC ?DONALDS']],
  ['chipotle', 'Chipotle', 'chipotle.com', 'fast_food', ['CHIPOTLE']],
  ['sweetgreen', 'Sweetgreen', 'sweetgreen.com', 'restaurants', ['SWEETGREEN']],
  ['panera', 'Panera Bread', 'panerabread.com', 'restaurants', ['PANERA']],
  ['subway', 'Subway', 'subway.com', 'fast_food', ['SUBWAY \\d+', 'SUBWAY RESTAURANT']],
  ['chick-fil-a', 'Chick-fil-A', 'chick-fil-a.com', 'fast_food', ['CHICK-?FIL-?A']],
  ['taco-bell', 'Taco Bell', 'tacobell.com', 'fast_food', ['TACO BELL']],
  ['dominos', "Domino's", 'dominos.com', 'fast_food', ["DOMINO'?S"]],
  ['uber', 'Uber', 'uber.com', 'rides', ['UBER']],
  ['lyft', 'Lyft', 'lyft.com', 'rides', ['LYFT']],
  ['doordash', 'DoorDash', 'doordash.com', 'food_delivery', ['DOORDASH']],
  ['grubhub', 'Grubhub', 'grubhub.com', 'food_delivery', ['GRUBHUB']],
  ['instacart', 'Instacart', 'instacart.com', 'groceries', ['INSTACART']],
  ['amazon', 'Amazon', 'amazon.com', 'shopping', ['AMZN', 'AMAZON', 'AMZ ?\\*']],
  ['walmart', 'Walmart', 'walmart.com', 'shopping', ['WAL-?MART', 'WM SUPERCENTER', 'WMT']],
  ['target', 'Target', 'target.com', 'shopping', ['TARGET']],
  ['costco', 'Costco', 'costco.com', 'groceries', ['COSTCO']],
  ['sams-club', "Sam's Club", 'samsclub.com', 'groceries', ["SAM'?S ?CLUB", 'SAMSCLUB']],
  ['whole-foods', 'Whole Foods', 'wholefoodsmarket.com', 'groceries', ['WHOLE ?FOODS', 'WHOLEFDS', 'WFM']],
  ['trader-joes', "Trader Joe's", 'traderjoes.com', 'groceries', ["TRADER JOE'?S?"]],
  ['kroger', 'Kroger', 'kroger.com', 'groceries', ['KROGER']],
  ['safeway', 'Safeway', 'safeway.com', 'groceries', ['SAFEWAY']],
  ['shell', 'Shell', 'shell.us', 'gas', ['SHELL ?OIL', 'SHELL SERVICE', 'SHELL']],
  ['chevron', 'Chevron', 'chevron.com', 'gas', ['CHEVRON']],
  ['exxon', 'ExxonMobil', 'exxon.com', 'gas', ['EXXON ?MOBIL', 'EXXON', 'MOBIL']],
  ['cvs', 'CVS', 'cvs.com', 'pharmacy', ['CVS']],
  ['walgreens', 'Walgreens', 'walgreens.com', 'pharmacy', ['WALGREENS']],
  ['amc', 'AMC Theatres', 'amctheatres.com', 'entertainment', ['AMC THEATRES?', 'AMC \\d+']],
  ['regal', 'Regal Cinemas', 'regmovies.com', 'entertainment', ['REGAL CINEMAS', 'REGAL ENTERTAINMENT']],
  ['venmo', 'Venmo', 'venmo.com', 'transfers', ['VENMO']],
  ['zelle', 'Zelle', 'zellepay.com', 'transfers', ['ZELLE']],
  ['cash-app', 'Cash App', 'cash.app', 'transfers', ['CASH APP', 'SQ ?\\* ?CASH APP']],
  ['home-depot', 'The Home Depot', 'homedepot.com', 'shopping', ['HOME DEPOT', 'THE HOME DEPOT']],
  ['best-buy', 'Best Buy', 'bestbuy.com', 'shopping', ['BEST ?BUY']],
  ['seven-eleven', '7-Eleven', '7-eleven.com', 'gas', ['7-ELEVEN', '7 ELEVEN']],
];

/**
 * Stores that bill one-off purchases under the same descriptor as their plans: Amazon's Prime
 * Video rentals and digital purchases ("Prime Video*…", "AMZN Digital*…"; the Prime membership
 * bills as "Amazon Prime*…"), App Store and iTunes purchases, Google Play apps, PlayStation,
 * Microsoft and Nintendo store games.
 */
const STOREFRONTS = new Set([
  'prime-video',
  'amazon-digital',
  'apple',
  'google-play',
  'playstation',
  'xbox',
  'microsoft-365',
  'nintendo',
]);

function toEntries(rows: Row[], isRecurringMerchant: boolean): MerchantCatalogueEntry[] {
  return rows.map(([id, name, website, category, aliases]) => ({
    id,
    name,
    website,
    category,
    aliases,
    isRecurringMerchant,
    ...(STOREFRONTS.has(id) ? { isStorefront: true } : {}),
  }));
}

export const DEFAULT_CATALOGUE: readonly MerchantCatalogueEntry[] = [
  ...toEntries(RECURRING, true),
  ...toEntries(HABITUAL, false),
];
