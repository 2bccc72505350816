import { Search, UserPlus, Users, X } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { type CustomerCard as Card, CUSTOMER_MESSAGES } from "../../../../shared/customers.ts";
import { EmptyState, LoadingState } from "../../../components/shell/app-shell.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useCustomerSearch, useMoreCustomers } from "../api.ts";
import { CustomerCard } from "./customer-card.tsx";

/** The Add Customer form: loaded when it is opened, or about to be. */
const loadAddCustomerForm = () => import("./add-customer-form.tsx");
const AddCustomerForm = lazy(() =>
	loadAddCustomerForm().then((m) => ({ default: m.AddCustomerForm })),
);

/** Waits until typing pauses before a search goes to the server. */
function useDebounced(value: string, ms = 250) {
	const [settled, setSettled] = useState(value);
	useEffect(() => {
		const timer = setTimeout(() => setSettled(value), ms);
		return () => clearTimeout(timer);
	}, [value, ms]);
	return settled;
}

/**
 * The dashboard's Customer Management: the Add Customer toggle and its form, a search by name,
 * e-mail, number, phone or street, and the cards a page at a time (the first page comes with the
 * dashboard).
 */
export function CustomerList({
	first,
	firstCursor,
	cardActions,
}: {
	first: Card[];
	firstCursor: string | null;
	/** Buttons on each card (e.g. adding a service request for that customer). */
	cardActions?: (customer: Card) => React.ReactNode;
}) {
	const [adding, setAdding] = useState(false);
	const [typed, setTyped] = useState("");
	const q = useDebounced(typed.trim());
	const more = useMoreCustomers(firstCursor);
	const search = useCustomerSearch(q);

	const searching = q !== "";
	const cards = searching
		? (search.data?.pages.flatMap((p) => p.customers) ?? [])
		: [...first, ...(more.data?.pages.flatMap((p) => p.customers) ?? [])];
	const hasMore = searching
		? search.hasNextPage
		: more.data
			? more.hasNextPage
			: Boolean(firstCursor);
	const loadingMore = searching ? search.isFetchingNextPage : more.isFetching;
	const loadMore = () => {
		if (searching) void search.fetchNextPage();
		else if (more.data) void more.fetchNextPage();
		else void more.refetch();
	};

	return (
		<section className="grid grid-cols-1 gap-3" aria-labelledby="customers-heading">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h2 id="customers-heading" className="scroll-mt-6 text-lg font-semibold">
					Customer Management
				</h2>
				<Button
					variant={adding ? "outline" : "default"}
					size="sm"
					aria-expanded={adding}
					onPointerEnter={loadAddCustomerForm}
					onFocus={loadAddCustomerForm}
					onClick={() => setAdding((a) => !a)}
				>
					{adding ? <X aria-hidden /> : <UserPlus aria-hidden />}
					{adding ? "Close" : "Add Customer"}
				</Button>
			</div>
			{adding ? (
				<Suspense fallback={<LoadingState label="Loading the form..." />}>
					<AddCustomerForm onDone={() => setAdding(false)} />
				</Suspense>
			) : null}
			<div className="relative">
				<Search
					className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
					aria-hidden
				/>
				<Input
					type="search"
					aria-label="Search customers"
					placeholder="Search by name, email, number, phone or street"
					className="pl-9"
					value={typed}
					onChange={(e) => setTyped(e.target.value)}
				/>
			</div>
			{searching && search.isPending ? (
				<LoadingState label="Searching..." />
			) : searching && search.isError ? (
				<EmptyState>Search failed: {errorMessage(search.error)}</EmptyState>
			) : cards.length === 0 ? (
				<EmptyState icon={Users}>
					{searching ? CUSTOMER_MESSAGES.noMatches : CUSTOMER_MESSAGES.noCustomers}
				</EmptyState>
			) : (
				<ul className="grid grid-cols-1 gap-3 lg:grid-cols-2" aria-label="Customers">
					{cards.map((c) => (
						// min-w-0: a grid item is otherwise as wide as its longest content.
						<li key={c.id} className="min-w-0">
							<CustomerCard customer={c} actions={cardActions?.(c)} />
						</li>
					))}
				</ul>
			)}
			{hasMore ? (
				<Button variant="outline" pending={loadingMore} onClick={loadMore}>
					Load more customers
				</Button>
			) : null}
		</section>
	);
}
