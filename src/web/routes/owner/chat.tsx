import { MessageCircle } from "lucide-react";
import { EmptyState, PageHeading } from "../../components/shell/app-shell.tsx";

export function meta() {
	return [{ title: "Chat | Buckeye Holiday Lights" }];
}

export default function OwnerChat() {
	return (
		<>
			<PageHeading title="Chat" description="Conversations with your customers." />
			<EmptyState icon={MessageCircle}>No conversations yet</EmptyState>
		</>
	);
}
