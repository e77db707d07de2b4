/** The signing secret, right after create or rotate: the only time the server sends it. */
export function WebhookSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <div role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-sm text-gray-900">
      <p>
        Copy this signing secret now; it will not be shown again. Receivers check the{" "}
        <code>X-Helpdesk-Signature</code> header with it.
      </p>
      <code className="mt-2 block break-all font-mono" data-testid="webhook-secret">
        {secret}
      </code>
      <button type="button" className="mt-2 text-sm font-medium text-blue-700 underline" onClick={onDone}>
        I have copied it
      </button>
    </div>
  );
}
