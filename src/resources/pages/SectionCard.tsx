import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import { FormTextField, UploadField } from '../../components/form';
import { RECOMMENDED_SIZES } from '../../shared/limits';
import {
  SECTIONS,
  type SectionDefinition,
  type SectionField,
  type SectionKey,
} from '../../shared/resources/pages';
import { altName } from '../../shared/resources/fields';
import type { FileObject } from '../../shared/resources/wire';
import { SectionItemsField } from './SectionItemsField';

export interface SectionFieldsProps {
  /** The Formik name the fields sit under (`sections.mission`, `sections.why_us.items[2]`). */
  prefix: string;
  fields: readonly SectionField[];
  files: Map<number, FileObject>;
  /** The field values (an image's initial file is looked up by its id). */
  values?: Record<string, unknown>;
  disabled?: boolean;
}

/** The inputs of a section's (or one item's) fields, by kind. */
export function SectionFields({ prefix, fields, files, values, disabled }: SectionFieldsProps) {
  return (
    <>
      {fields.map((field) => {
        const name = `${prefix}.${field.name}`;
        if (field.kind === 'image') {
          const id = values?.[field.name];
          return (
            <UploadField
              key={name}
              name={name}
              label={field.label}
              recommended={RECOMMENDED_SIZES.image}
              altName={altName(name)}
              initialFile={typeof id === 'number' ? (files.get(id) ?? null) : null}
              disabled={disabled}
            />
          );
        }
        return (
          <FormTextField
            key={name}
            name={name}
            label={field.label}
            required={field.required}
            multiline={field.kind === 'textarea'}
            minRows={field.kind === 'textarea' ? 2 : undefined}
            type={field.kind === 'url' ? 'url' : field.kind === 'phone' ? 'tel' : 'text'}
            autoComplete="off"
            fullWidth
            disabled={disabled}
          />
        );
      })}
    </>
  );
}

export interface SectionCardProps {
  section: SectionKey;
  values: Record<string, unknown>;
  files: Map<number, FileObject>;
  disabled?: boolean;
}

/** One page section in its own card: its fields, then its repeatable items. */
export function SectionCard({ section, values, files, disabled }: SectionCardProps) {
  const definition: SectionDefinition = SECTIONS[section];
  const prefix = `sections.${section}`;
  const headingId = `section-${section}-heading`;
  const items = Array.isArray(values.items) ? (values.items as Record<string, unknown>[]) : [];
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardHeader
        title={definition.label}
        slotProps={{ title: { id: headingId, component: 'h2', variant: 'h6' } }}
        sx={{ pb: 0 }}
      />
      <CardContent>
        <Stack spacing={1}>
          <SectionFields
            prefix={prefix}
            fields={definition.fields}
            files={files}
            values={values}
            disabled={disabled}
          />
          {definition.items && (
            <SectionItemsField
              name={`${prefix}.items`}
              items={definition.items}
              disabled={disabled}
              renderItem={(itemPrefix, index) => (
                <SectionFields
                  prefix={itemPrefix}
                  fields={definition.items!.fields}
                  files={files}
                  values={items[index]}
                  disabled={disabled}
                />
              )}
            />
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
