import { useEffect } from 'react';
import { ROOT_FULL_ACCESS_OFFER, ROOT_FULL_ACCESS_REFUSED } from '../../../../shared/permission-mode';
import { useDesk } from '../../store/store-context';
import { CopyButton } from '../../ui/copy-button';
import type { LookupStep } from '../../../../shared/cli-status';

const RESULT_TEXT: Record<LookupStep['result'], string> = {
  found: 'found',
  missing: 'not there',
  not_executable: 'not executable',
  skipped: 'skipped',
  error: 'error',
};

/** A PATH, each folder once in the order it is searched (a later repeat changes nothing), repeats counted. */
function PathList({ value }: { value: string | null }) {
  if (value === null) return <span className="muted">unavailable</span>;
  const counts = new Map<string, number>();
  for (const part of value.split(/[:;]/).filter(Boolean)) counts.set(part, (counts.get(part) ?? 0) + 1);
  return (
    <ol className="path-list">
      {[...counts].map(([p, n]) => (
        <li key={p}>
          <code>{p}</code>
          {n > 1 && <span className="muted"> (listed {n} times)</span>}
        </li>
      ))}
    </ol>
  );
}

/** The desktop app opens the file manager at the log; a browser tab cannot, so it offers the path to copy. */
function LogFileAction({ logFile }: { logFile: string }) {
  const isDesktop = useDesk((s) => s.appInfo?.host === 'electron');
  const revealLogFile = useDesk((s) => s.revealLogFile);
  if (!isDesktop) return <CopyButton text={logFile} label="Copy log file path" className="log-file-action" />;
  return (
    <button
      type="button"
      className="btn btn-small log-file-action"
      onClick={() => revealLogFile()} // a failure is a notice
    >
      Show log file
    </button>
  );
}

/** Everything the lookup saw, for when the status card is not enough (the doctor report from the host). */
export function DoctorView() {
  const doctor = useDesk((s) => s.doctor);
  const error = useDesk((s) => s.doctorError);
  const load = useDesk((s) => s.loadDoctor);
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <section className="card doctor" data-testid="doctor" aria-labelledby="doctor-title">
      <div className="card-head">
        <h2 id="doctor-title">What Claude Desk checked</h2>
        <button type="button" className="btn btn-small" onClick={() => void load()}>
          Run again
        </button>
      </div>
      {error && <p role="alert">Could not run the diagnostics: {error}</p>}
      {!doctor && !error && <p className="muted">Running…</p>}
      {doctor && (
        <div className="doctor-body">
          <h3>Where Claude Desk looked</h3>
          <table className="doctor-steps">
            <thead>
              <tr>
                <th scope="col">Source</th>
                <th scope="col">Location</th>
                <th scope="col">Result</th>
              </tr>
            </thead>
            <tbody>
              {doctor.steps.map((s, i) => (
                <tr key={i} className={`step-${s.result}`}>
                  <td>{s.source}</td>
                  <td>
                    <code>{s.location}</code>
                  </td>
                  <td>
                    {RESULT_TEXT[s.result]}
                    {s.detail ? ` — ${s.detail}` : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="doctor-paths">
            <div>
              <h3>App PATH</h3>
              <PathList value={doctor.appPath} />
            </div>
            <div>
              <h3>Login shell PATH</h3>
              <PathList value={doctor.loginShellPath} />
            </div>
          </div>
          <p>
            Sandbox: {doctor.sandbox.kind} — {doctor.sandbox.reason}
          </p>
          {doctor.fullAccessRefused && (
            <p data-testid="doctor-full-access">
              Full access: refused — {ROOT_FULL_ACCESS_REFUSED} {ROOT_FULL_ACCESS_OFFER}
            </p>
          )}
          {/* The data folder and log file are in "About this copy" just above: not listed twice. */}
          <LogFileAction logFile={doctor.logFile} />
        </div>
      )}
    </section>
  );
}
