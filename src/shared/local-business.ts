import type { BusinessProfile } from "./business.ts";
import { SITE_URL } from "./site.ts";

const WEEKDAYS = [
	"Monday",
	"Tuesday",
	"Wednesday",
	"Thursday",
	"Friday",
	"Saturday",
	"Sunday",
] as const;
type Weekday = (typeof WEEKDAYS)[number];

function weekday(word: string): Weekday | undefined {
	const w = word.trim().toLowerCase();
	if (w.length < 3) return undefined;
	return WEEKDAYS.find((d) => d.toLowerCase().startsWith(w.slice(0, 3)));
}

/** "Monday - Friday" -> Monday..Friday; "Saturday" -> [Saturday]; "Sat, Sun" -> both. */
export function parseDays(text: string): Weekday[] {
	const days: Weekday[] = [];
	for (const part of text.split(/,|&|\band\b/)) {
		const [from, to] = part.split(/\s*(?:-|–|—|\bto\b|\bthrough\b)\s*/);
		const start = from ? weekday(from) : undefined;
		if (!start) continue;
		const end = to ? weekday(to) : undefined;
		if (!end) {
			days.push(start);
			continue;
		}
		const a = WEEKDAYS.indexOf(start);
		const b = WEEKDAYS.indexOf(end);
		for (let i = a; ; i = (i + 1) % 7) {
			days.push(WEEKDAYS[i]!);
			if (i === b) break;
		}
	}
	return [...new Set(days)];
}

/** "8:00 AM" -> "08:00"; "6 PM" -> "18:00"; "17:30" -> "17:30". */
function time24(text: string): string | undefined {
	const m = text.trim().match(/^(\d{1,2})(?::(\d{2}))?\s*([ap])?\.?\s*m?\.?$/i);
	if (!m) return undefined;
	let hours = Number(m[1]);
	const minutes = Number(m[2] ?? "0");
	const meridiem = m[3]?.toLowerCase();
	if (meridiem === "p" && hours < 12) hours += 12;
	if (meridiem === "a" && hours === 12) hours = 0;
	if (hours > 23 || minutes > 59) return undefined;
	return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
}

/** "8:00 AM - 6:00 PM" -> opens/closes; "Closed" or anything unreadable -> undefined. */
export function parseHours(text: string): { opens: string; closes: string } | undefined {
	const [from, to] = text.split(/\s*(?:-|–|—|\bto\b)\s*/);
	const opens = from ? time24(from) : undefined;
	const closes = to ? time24(to) : undefined;
	return opens && closes ? { opens, closes } : undefined;
}

/** schema.org LocalBusiness structured data for search engines, from the business profile. */
export function localBusinessJsonLd(profile: BusinessProfile) {
	const openingHoursSpecification = profile.hours.flatMap(({ days, hours }) => {
		const time = parseHours(hours);
		const dayOfWeek = parseDays(days);
		if (!time || dayOfWeek.length === 0) return [];
		return [{ "@type": "OpeningHoursSpecification", dayOfWeek, ...time }];
	});
	const [city, region] = profile.address.split(",").map((s) => s.trim());
	return {
		"@context": "https://schema.org",
		"@type": "LocalBusiness",
		"@id": `${SITE_URL}/#business`,
		name: profile.businessName,
		description:
			"Custom holiday light design, professional C9 LED installation, in-season maintenance, takedown and storage.",
		url: `${SITE_URL}/`,
		image: `${SITE_URL}/og-image.png`,
		telephone: profile.phone,
		email: profile.email,
		priceRange: "$$",
		address: {
			"@type": "PostalAddress",
			addressLocality: city || profile.address,
			...(region ? { addressRegion: region } : {}),
			addressCountry: "US",
		},
		areaServed: profile.serviceAreas.map((area) => ({ "@type": "City", name: area })),
		openingHoursSpecification,
	};
}
