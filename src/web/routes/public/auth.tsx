import { useEffect, useState } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { homeFor, isBinPath } from "../../../shared/home.ts";
import { AuthCard } from "../../components/auth-card.tsx";
import { FullPageSpinner } from "../../components/full-page-spinner.tsx";
import { visitor } from "../../components/public/visitor.ts";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { useMe, useRefreshMe } from "../../features/auth/api.ts";
import { ForgotPasswordForm } from "../../features/auth/components/forgot-password-form.tsx";
import { SignInForm } from "../../features/auth/components/sign-in-form.tsx";
import { SignUpForm } from "../../features/auth/components/sign-up-form.tsx";
import { QueryProvider } from "../../lib/query-client.tsx";

export function meta() {
	return [{ title: "Sign in | Buckeye Holiday Lights" }];
}

export default function AuthRoute() {
	// Signing in or out ends here: the public header asks afresh who is visiting.
	useEffect(() => visitor.forget(), []);
	return (
		<QueryProvider>
			<AuthPage />
		</QueryProvider>
	);
}

function AuthPage() {
	const { data: user, isPending } = useMe();
	const [params] = useSearchParams();
	const inviteCode = params.get("invite") ?? undefined;
	const crew = Boolean(inviteCode) && params.get("crew") === "1";
	const [tab, setTab] = useState(inviteCode ? "sign-up" : "sign-in");
	const [forgot, setForgot] = useState(false);
	const navigate = useNavigate();
	const refreshMe = useRefreshMe();

	if (isPending) return <FullPageSpinner />;
	const next = params.get("next");
	const after = (u: { role: string; view: string }) =>
		next && isBinPath(next) && u.role !== "customer" ? next : homeFor(u);
	if (user) return <Navigate to={after(user)} replace />;

	const afterSignIn = async () => {
		const me = await refreshMe();
		if (me.user) navigate(after(me.user), { replace: true });
	};

	if (forgot) {
		return (
			<AuthCard title="Reset your password">
				<ForgotPasswordForm onBack={() => setForgot(false)} />
			</AuthCard>
		);
	}
	return (
		<AuthCard
			title="Welcome"
			description="Sign in to your account, or create one to request holiday lighting."
		>
			<Tabs value={tab} onValueChange={setTab}>
				<TabsList>
					<TabsTrigger value="sign-in">Sign In</TabsTrigger>
					<TabsTrigger value="sign-up">Sign Up</TabsTrigger>
				</TabsList>
				<TabsContent value="sign-in">
					<SignInForm onSignedIn={afterSignIn} onForgot={() => setForgot(true)} />
				</TabsContent>
				<TabsContent value="sign-up">
					<SignUpForm inviteCode={inviteCode} crew={crew} onSignedUp={afterSignIn} />
				</TabsContent>
			</Tabs>
		</AuthCard>
	);
}
