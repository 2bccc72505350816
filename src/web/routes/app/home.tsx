import { Sparkles } from "lucide-react";
import { Link } from "react-router";
import { PageHeading } from "../../components/shell/app-shell.tsx";
import { Button } from "../../components/ui/button.tsx";
import {
	Card,
	CardContent,
	CardDescription,
	CardHeader,
	CardTitle,
} from "../../components/ui/card.tsx";
import { useMe } from "../../features/auth/api.ts";

export function meta() {
	return [{ title: "Home | Buckeye Holiday Lights" }];
}

export default function CustomerHome() {
	const { data: user } = useMe();
	return (
		<>
			<PageHeading
				title={`Welcome, ${user?.displayName ?? ""}`}
				description="Your holiday lighting, all in one place."
			/>
			<Card>
				<CardHeader>
					<CardTitle>Let's light up your home</CardTitle>
					<CardDescription>
						Tell us about your property and the lights you would like. You get an instant estimate,
						and we confirm your quote within 24 hours.
					</CardDescription>
				</CardHeader>
				<CardContent>
					<Button asChild>
						<Link to="/app/quote-request">
							<Sparkles aria-hidden />
							Get Serviced
						</Link>
					</Button>
				</CardContent>
			</Card>
		</>
	);
}
