-- The built-in service catalogue (prices in cents) and the default business profile.
INSERT INTO "service_options" ("name", "description", "base_price_cents", "has_quantity", "is_active", "sort_order") VALUES
	('House Outline', 'C9 LED lights along the roofline, gutters and peaks of your home', 40000, false, true, 1),
	('Small Trees', 'Wrapped trunks and branches for trees and shrubs up to 6 feet', 7500, true, true, 2),
	('Medium Trees', 'Full wraps for trees from 6 to 15 feet', 12500, true, true, 3),
	('Large Trees', 'Canopy and trunk wraps for trees over 15 feet', 20000, true, true, 4),
	('Wreaths & Garland', 'Lit wreaths and garland for doors, railings and columns', 5000, true, true, 5),
	('Walkway & Driveway', 'Path lights and stake lighting along walks and drives', 15000, false, true, 6),
	('Windows', 'Outlined windows with C9 or mini lights', 3500, true, true, 7),
	('Specialty', 'Custom pieces: arches, stars, ground displays and accent lighting', 10000, true, true, 8);
--> statement-breakpoint
INSERT INTO "business_settings" ("id", "business_name", "phone", "email", "service_areas", "hours", "address") VALUES (
	1,
	'Buckeye Holiday Lights',
	'(330) 555-0142',
	'hello@buckeyeholidaylights.com',
	'["Canton, OH", "Akron, OH", "Cleveland, OH"]'::jsonb,
	'[{"days": "Monday - Friday", "hours": "8:00 AM - 6:00 PM"}, {"days": "Saturday", "hours": "9:00 AM - 4:00 PM"}, {"days": "Sunday", "hours": "Closed"}]'::jsonb,
	'Canton, OH'
);
