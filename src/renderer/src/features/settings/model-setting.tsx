import { useId } from 'react';
import { useDesk } from '../../store/store-context';
import { ModelPicker } from '../../ui/model-picker';

/** The default model for new threads: the same picker as `/model` (the CLI's models, or any id typed). */
export function ModelSetting() {
  const title = useId();
  const saved = useDesk((s) => s.settings?.defaultModel);
  const ready = useDesk((s) => s.settings !== null);
  const update = useDesk((s) => s.updateSettings);
  return (
    <div className="field" role="group" aria-labelledby={title} data-testid="default-model">
      <span id={title} className="field-label">
        Default model
      </span>
      {ready && (
        <ModelPicker
          threadId={null}
          label="Default model"
          current={saved || 'default'}
          // A refused value comes back as a notice from the store; nothing more to say here.
          pick={async (value) => {
            await update({ defaultModel: value === 'default' ? '' : value });
            return null;
          }}
        />
      )}
      <p className="field-hint">
        A temperature suffix such as <code>@0.2</code> is kept with the name but not sent: Claude Code has no
        temperature setting.
      </p>
    </div>
  );
}
