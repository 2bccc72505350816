import { OwnerSchedule } from "../../features/bookings/components/owner-schedule.tsx";

export function meta() {
	return [{ title: "Schedule | Buckeye Holiday Lights" }];
}

export default function Schedule() {
	return <OwnerSchedule />;
}
