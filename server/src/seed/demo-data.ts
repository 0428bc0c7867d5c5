/** The words of the demo marketplace: people, places, products and the texts around orders. */
import type { Marketplace, ReviewType } from 'shared-api/contract';

/** Every demo account signs in with this password. */
export const DEMO_PASSWORD = 'demo-password';
export const DEMO_EMAIL_DOMAIN = 'demo.test';

export const MALE_FIRST_NAMES = [
  'Ahmed',
  'Ali',
  'Hassan',
  'Usman',
  'Bilal',
  'Faisal',
  'Imran',
  'Kamran',
  'Zeeshan',
  'Hamza',
  'Saad',
  'Omar',
  'Junaid',
  'Waqas',
  'Asad',
  'Danish',
  'Fahad',
  'Shahzaib',
] as const;

export const FEMALE_FIRST_NAMES = [
  'Ayesha',
  'Fatima',
  'Maryam',
  'Hira',
  'Sana',
  'Zainab',
  'Amna',
  'Mahnoor',
  'Iqra',
  'Rabia',
  'Sadia',
  'Nida',
  'Mehwish',
  'Khadija',
  'Anum',
] as const;

export const LAST_NAMES = [
  'Khan',
  'Malik',
  'Qureshi',
  'Butt',
  'Chaudhry',
  'Sheikh',
  'Siddiqui',
  'Raza',
  'Hussain',
  'Iqbal',
  'Akhtar',
  'Baig',
  'Mirza',
  'Abbasi',
  'Awan',
  'Javed',
  'Riaz',
  'Shah',
  'Gill',
  'Rana',
] as const;

export const CITIES = [
  'Lahore',
  'Karachi',
  'Islamabad',
  'Rawalpindi',
  'Faisalabad',
  'Multan',
  'Peshawar',
  'Quetta',
  'Sialkot',
  'Gujranwala',
  'Hyderabad',
  'Bahawalpur',
] as const;

/** Names on the marketplace buyer accounts the agents order with. */
export const BUYER_FIRST_NAMES = [
  'James',
  'Emily',
  'Michael',
  'Sarah',
  'David',
  'Laura',
  'Daniel',
  'Sophie',
  'Thomas',
  'Emma',
  'Lukas',
  'Giulia',
  'Carlos',
  'Lucia',
  'Ryan',
  'Olivia',
  'Ahmed',
  'Ayesha',
  'Imran',
  'Sana',
] as const;

export const BUYER_LAST_NAMES = [
  'Smith',
  'Johnson',
  'Brown',
  'Wilson',
  'Taylor',
  'Walker',
  'Müller',
  'Schmidt',
  'Rossi',
  'García',
  'Martin',
  'Thompson',
  'Khan',
  'Malik',
  'Hussain',
  'Patel',
] as const;

export const MARKETPLACE_DOMAINS: Record<Marketplace, string> = {
  US: 'amazon.com',
  UK: 'amazon.co.uk',
  DE: 'amazon.de',
  IT: 'amazon.it',
  ES: 'amazon.es',
  CA: 'amazon.ca',
  AU: 'amazon.com.au',
};

export interface CatalogueProduct {
  name: string;
  brandName: string;
  /** one of PRODUCT_CATEGORIES */
  category: string;
  productCategory: string;
  keyword: string;
  description: string;
  /** in the marketplace's currency, shown as $ on the agent grid */
  price: number;
  reviewTypes: ReviewType[];
  /** commission in Rs: base, then text / picture / video (null: falls back to the base) */
  comission: [base: number, text: number | null, picture: number | null, video: number | null];
  /** thumbnail background */
  color: string;
}

const ALL_REVIEWS: ReviewType[] = ['text', 'picture', 'video', 'rating', 'no review'];

export const CATALOGUE: readonly CatalogueProduct[] = [
  {
    name: 'Wireless Earbuds with Active Noise Cancellation',
    brandName: 'SoundPeak',
    category: 'Electronics',
    productCategory: 'Headphones',
    keyword: 'wireless earbuds noise cancelling',
    description:
      'Bluetooth 5.3 earbuds with active noise cancellation, 32 hours of playback with the charging case and IPX5 sweat resistance.',
    price: 39.99,
    reviewTypes: ALL_REVIEWS,
    comission: [400, 550, 700, 900],
    color: '#1f5f9e',
  },
  {
    name: '65W USB-C GaN Fast Charger',
    brandName: 'VoltEdge',
    category: 'Electronics',
    productCategory: 'Chargers',
    keyword: 'usb c charger 65w',
    description: 'Compact three-port GaN charger that powers a laptop, a phone and earbuds at once. Foldable plug.',
    price: 29.99,
    reviewTypes: ['text', 'rating'],
    comission: [300, 420, null, null],
    color: '#2d3e50',
  },
  {
    name: '1080p Smart Wi-Fi Security Camera',
    brandName: 'HomeGuard',
    category: 'Electronics',
    productCategory: 'Cameras',
    keyword: 'indoor security camera wifi',
    description:
      'Indoor camera with night vision, two-way audio and motion alerts on your phone. Works with Alexa and Google Home.',
    price: 45.99,
    reviewTypes: ['text', 'picture', 'video'],
    comission: [450, 600, 750, 950],
    color: '#34495e',
  },
  {
    name: 'Portable Bluetooth Speaker, Waterproof',
    brandName: 'BassWave',
    category: 'Electronics',
    productCategory: 'Speakers',
    keyword: 'bluetooth speaker waterproof',
    description:
      'IPX7 waterproof speaker with 20 W stereo sound, 24-hour battery and a built-in strap for outdoor use.',
    price: 34.99,
    reviewTypes: ['no review'],
    comission: [250, null, null, null],
    color: '#c0392b',
  },
  {
    name: 'Ergonomic Wireless Mouse',
    brandName: 'ClickPro',
    category: 'Electronics',
    productCategory: 'Computer Accessories',
    keyword: 'ergonomic wireless mouse',
    description:
      'Vertical mouse that keeps the wrist in a natural handshake position; silent clicks and a 2.4 GHz receiver.',
    price: 19.99,
    reviewTypes: ['rating', 'no review'],
    comission: [200, null, null, null],
    color: '#16a085',
  },
  {
    name: "Men's Slim Fit Chino Trousers",
    brandName: 'Urban Thread',
    category: 'Fashion & Apparel',
    productCategory: "Men's Clothing",
    keyword: 'mens chino pants slim fit',
    description: 'Stretch cotton chinos with a modern slim cut, four pockets and a clean flat front. Machine washable.',
    price: 32.99,
    reviewTypes: ['text', 'picture'],
    comission: [350, 450, 600, null],
    color: '#8e6e53',
  },
  {
    name: "Women's Quilted Crossbody Bag",
    brandName: 'Lila & Co',
    category: 'Fashion & Apparel',
    productCategory: 'Handbags',
    keyword: 'quilted crossbody bag women',
    description:
      'Vegan leather crossbody bag with a chain strap, a zipped inner pocket and room for a phone and wallet.',
    price: 27.99,
    reviewTypes: ['picture', 'video', 'text'],
    comission: [380, 480, 620, 800],
    color: '#b03a6f',
  },
  {
    name: 'Unisex Running Socks, 6 Pairs',
    brandName: 'StrideFit',
    category: 'Fashion & Apparel',
    productCategory: 'Socks',
    keyword: 'running socks cushioned',
    description: 'Cushioned ankle socks with arch support and breathable mesh; six pairs in mixed colours.',
    price: 14.99,
    reviewTypes: ['rating', 'text'],
    comission: [180, 260, null, null],
    color: '#27ae60',
  },
  {
    name: 'Polarized Aviator Sunglasses',
    brandName: 'SunCrest',
    category: 'Fashion & Apparel',
    productCategory: 'Eyewear',
    keyword: 'polarized aviator sunglasses',
    description: 'Metal-frame aviators with polarized UV400 lenses; comes with a hard case and a cleaning cloth.',
    price: 21.99,
    reviewTypes: ['no review'],
    comission: [220, null, null, null],
    color: '#d68910',
  },
  {
    name: "Women's Cashmere Blend Scarf",
    brandName: 'Lila & Co',
    category: 'Fashion & Apparel',
    productCategory: 'Accessories',
    keyword: 'cashmere scarf women winter',
    description: 'Soft, warm oversized scarf in a cashmere and wool blend; a gift box is included.',
    price: 24.99,
    reviewTypes: ['text', 'picture', 'rating'],
    comission: [300, 400, 520, null],
    color: '#7d3c98',
  },
  {
    name: 'Stainless Steel Insulated Water Bottle, 1 L',
    brandName: 'HydraKeep',
    category: 'Home & Kitchen',
    productCategory: 'Drinkware',
    keyword: 'insulated water bottle 1 litre',
    description:
      'Double-wall vacuum bottle that keeps drinks cold for 24 hours or hot for 12. Leak-proof lid, BPA free.',
    price: 22.99,
    reviewTypes: ALL_REVIEWS,
    comission: [280, 380, 480, 650],
    color: '#2e86c1',
  },
  {
    name: 'Non-Stick Ceramic Frying Pan, 28 cm',
    brandName: 'ChefNest',
    category: 'Home & Kitchen',
    productCategory: 'Cookware',
    keyword: 'ceramic frying pan non stick',
    description: 'PFAS-free ceramic coating, induction-ready base and a stay-cool handle. Oven safe to 230 °C.',
    price: 36.99,
    reviewTypes: ['text', 'video'],
    comission: [400, 500, null, 850],
    color: '#6e2c00',
  },
  {
    name: 'Handheld Electric Milk Frother',
    brandName: 'BrewBliss',
    category: 'Home & Kitchen',
    productCategory: 'Coffee & Tea',
    keyword: 'milk frother handheld',
    description: 'Froths milk for lattes and cappuccinos in 15 seconds; stainless whisk and a stand included.',
    price: 12.99,
    reviewTypes: ['rating', 'no review'],
    comission: [150, null, null, null],
    color: '#a04000',
  },
  {
    name: 'Bamboo Drawer Organizer Set',
    brandName: 'TidyNest',
    category: 'Home & Kitchen',
    productCategory: 'Storage',
    keyword: 'bamboo drawer organizer',
    description: 'Expandable bamboo trays for cutlery, utensils and office supplies; six compartments.',
    price: 25.99,
    reviewTypes: ['picture', 'text'],
    comission: [300, 380, 500, null],
    color: '#9a7d0a',
  },
  {
    name: 'Digital Kitchen Scale with Tare',
    brandName: 'ChefNest',
    category: 'Home & Kitchen',
    productCategory: 'Kitchen Tools',
    keyword: 'digital kitchen scale grams',
    description: 'Weighs up to 5 kg in 1 g steps; tempered glass top, tare button and an easy-to-read LCD.',
    price: 15.99,
    reviewTypes: ['text', 'picture', 'video', 'rating'],
    comission: [220, 300, 400, 550],
    color: '#117864',
  },
  {
    name: 'Vitamin C Brightening Face Serum, 30 ml',
    brandName: 'GlowLab',
    category: 'Health & Beauty',
    productCategory: 'Skin Care',
    keyword: 'vitamin c serum face',
    description: '20% vitamin C with hyaluronic acid and vitamin E; fragrance free, for every skin type.',
    price: 18.99,
    reviewTypes: ['text', 'picture', 'video'],
    comission: [300, 420, 560, 720],
    color: '#e67e22',
  },
  {
    name: 'Ionic Hair Dryer, 1800 W',
    brandName: 'SilkAir',
    category: 'Health & Beauty',
    productCategory: 'Hair Care',
    keyword: 'ionic hair dryer',
    description: 'Fast-drying ionic dryer with three heat settings, a cool shot and a concentrator nozzle.',
    price: 42.99,
    reviewTypes: ['video', 'rating'],
    comission: [450, null, null, 900],
    color: '#884ea0',
  },
  {
    name: 'Electric Toothbrush with 4 Brush Heads',
    brandName: 'BrightSmile',
    category: 'Health & Beauty',
    productCategory: 'Oral Care',
    keyword: 'electric toothbrush rechargeable',
    description: 'Sonic toothbrush with five modes, a two-minute timer and a battery that lasts 30 days.',
    price: 35.99,
    reviewTypes: ALL_REVIEWS,
    comission: [380, 480, 600, 780],
    color: '#1abc9c',
  },
  {
    name: 'Argan Oil Hair Mask, 250 ml',
    brandName: 'GlowLab',
    category: 'Health & Beauty',
    productCategory: 'Hair Care',
    keyword: 'argan oil hair mask',
    description: 'Deep-conditioning mask for dry and damaged hair with argan oil and keratin. Sulfate free.',
    price: 16.99,
    reviewTypes: ['no review'],
    comission: [180, null, null, null],
    color: '#b9770e',
  },
  {
    name: 'Digital Body Weight Scale',
    brandName: 'FitTrack',
    category: 'Health & Beauty',
    productCategory: 'Personal Care',
    keyword: 'bathroom scale digital',
    description: 'Accurate to 100 g, up to 180 kg, with step-on activation and a backlit display.',
    price: 23.99,
    reviewTypes: ['text', 'rating'],
    comission: [250, 330, null, null],
    color: '#5d6d7e',
  },
  {
    name: 'Non-Slip Yoga Mat, 6 mm',
    brandName: 'FlexCore',
    category: 'Sports & Outdoors',
    productCategory: 'Yoga',
    keyword: 'yoga mat non slip',
    description: 'TPE yoga mat with alignment lines, a non-slip texture on both sides and a carrying strap.',
    price: 28.99,
    reviewTypes: ['text', 'picture', 'video', 'rating', 'no review'],
    comission: [320, 420, 540, 700],
    color: '#229954',
  },
  {
    name: 'Adjustable Dumbbell Set, 20 kg',
    brandName: 'IronPeak',
    category: 'Sports & Outdoors',
    productCategory: 'Strength Training',
    keyword: 'adjustable dumbbells set',
    description: 'A pair of adjustable dumbbells with cast-iron plates and a connector that turns them into a barbell.',
    price: 89.99,
    reviewTypes: ['video', 'picture'],
    comission: [700, null, 900, 1200],
    color: '#424949',
  },
  {
    name: 'Ultralight Camping Hammock',
    brandName: 'TrailNest',
    category: 'Sports & Outdoors',
    productCategory: 'Camping',
    keyword: 'camping hammock with straps',
    description:
      'Parachute nylon hammock for one or two, with tree straps and carabiners; packs to the size of a fist.',
    price: 31.99,
    reviewTypes: ['text', 'picture'],
    comission: [340, 440, 560, null],
    color: '#1e8449',
  },
  {
    name: 'Resistance Bands Set of 5',
    brandName: 'FlexCore',
    category: 'Sports & Outdoors',
    productCategory: 'Fitness Accessories',
    keyword: 'resistance bands set',
    description: 'Five latex-free loop bands from extra light to extra heavy, with a carry bag and an exercise guide.',
    price: 17.99,
    reviewTypes: ['rating', 'text', 'no review'],
    comission: [200, 280, null, null],
    color: '#cb4335',
  },
];

/** Suffixes for products past the catalogue's length (more products than catalogue entries). */
export const VARIANTS = ['Black', 'White', 'Blue', 'Grey', 'Green', 'Red', 'Navy', 'Beige'] as const;

export const GUIDELINES = [
  'Order from a buyer account in the listed marketplace.',
  'Use the product before you review it: wait at least 5 days after delivery.',
  'Reviews must be honest and in your own words, whatever your opinion.',
  'Say in the review that you were compensated for it.',
  'Keep the order screenshot: it must show the order number and the price.',
  "Follow the marketplace's review rules.",
] as const;

export const MARKETER_INSTRUCTIONS = [
  'Upload the order screenshot within 24 hours of ordering.',
  'Mark the order Reviewed once the review is live, with its screenshot.',
  'Send the review link to your manager once it is live.',
  'Tell your manager if the delivery is late or the product arrives damaged.',
  'Cancel the order here if the marketplace order is cancelled.',
] as const;

export const COMMISSION_POLICIES = [
  'Commission is paid once the refund is confirmed.',
  'Cancelled or returned orders earn no commission.',
  'Commission is paid within 7 days of the feedback.',
  'Commission never depends on the rating or the tone of a review.',
  'Commission for a removed review may be held until it is checked.',
] as const;

export const ORDER_COMMENTS = [
  'Buyer asked for the refund by PayPal.',
  'Delivered; review goes up after using it for a week.',
  'Seller asked for the order screenshot again.',
  'Refund requested from the seller.',
  'Review is live, link sent on WhatsApp.',
  'Delivery delayed by the courier.',
] as const;

export const CANCEL_COMMENTS = [
  'Buyer cancelled the marketplace order.',
  'Product went out of stock before shipping.',
  'Price changed after ordering; cancelled.',
] as const;

/** The screenshots reused across orders: kind, title and the lines drawn under it. */
export const SCREENSHOTS = [
  { kind: 'order', title: 'Order placed, thank you!', lines: ['Order # 111-4829301-7730215', 'Arriving Thursday'] },
  { kind: 'order', title: 'Your order has been placed', lines: ['Order # 204-1938475-2290413', 'Dispatched soon'] },
  { kind: 'review', title: 'Review submitted', lines: ['★★★★☆ Verified purchase', 'Thanks for your review'] },
  { kind: 'review', title: 'Your review is live', lines: ['Verified purchase', 'Helpful to 3 people'] },
  { kind: 'feedback', title: 'Seller feedback sent', lines: ['Thank you for your feedback', 'Positive'] },
  { kind: 'refund', title: 'Refund completed', lines: ['PayPal refund received', 'Status: completed'] },
] as const;
export type ScreenshotKind = (typeof SCREENSHOTS)[number]['kind'];
