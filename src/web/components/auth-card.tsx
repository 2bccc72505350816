import type * as React from "react";
import { Link } from "react-router";
import { DEFAULT_BUSINESS_PROFILE } from "../../shared/business-defaults.ts";
import { BrandMark } from "./public/brand-mark.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "./ui/card.tsx";

/** The centred card that holds the sign-in, sign-up and password screens. */
export function AuthCard({
	title,
	description,
	children,
}: {
	title: string;
	description?: string;
	children: React.ReactNode;
}) {
	return (
		<main className="flex min-h-dvh items-start justify-center bg-night px-4 py-10 sm:items-center">
			<div className="w-full max-w-md">
				<Link to="/" className="mb-6 flex items-center justify-center gap-2 text-night-foreground">
					<BrandMark className="size-9" />
					<span className="font-display text-xl">{DEFAULT_BUSINESS_PROFILE.businessName}</span>
				</Link>
				<Card>
					<CardHeader>
						<CardTitle>
							<span className="text-2xl">{title}</span>
						</CardTitle>
						{description ? <CardDescription>{description}</CardDescription> : null}
					</CardHeader>
					<CardContent>{children}</CardContent>
				</Card>
			</div>
		</main>
	);
}
