/** One term of an offer (a loan, a plan): its label and its value, in a definition list. */
export function Term({
  label,
  children,
  testId,
}: {
  label: string;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <>
      <dt className="text-muted">{label}</dt>
      <dd className="text-end font-medium" data-testid={testId}>
        {children}
      </dd>
    </>
  );
}
