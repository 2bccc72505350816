import { PageHeading } from "../../components/shell/app-shell.tsx";
import { ChatList } from "../../features/chat/components/chat-list.tsx";

export function meta() {
	return [{ title: "Chat | Buckeye Holiday Lights" }];
}

export default function OwnerChat() {
	return (
		<>
			<PageHeading title="Chat" description="Conversations with your customers." />
			<ChatList />
		</>
	);
}
