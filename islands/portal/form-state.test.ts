import { expect, test } from "bun:test";
import { emptyForm, toPayload } from "./form-state";
import { translatorFor } from "../../src/i18n/server";

const config = {
  departments: [{ name: "IT", label: "IT" }],
  types: [{ name: "IT", label: "IT", icon: "box" }],
  priorities: [{ name: "medium", label: "Medium", color: "yellow" }],
  companies: [{ id: 1, name: "Main Office" }],
};

test("submit form – a name with a line separator shows the server's own message under the field", async () => {
  const form = {
    ...emptyForm(config),
    firstName: "Eve\u2028Bcc: x@evil.test",
    lastName: "Doe",
    email: "eve@example.com",
    phone: "555-123-4567",
    department: "IT",
    ticketType: "IT",
    description: "The printer is jammed again.",
  };
  const { errors } = await toPayload(form, config, { country: "US", required: true }, translatorFor("en"));
  expect(errors).toEqual({ firstName: "First name must not contain line breaks or control characters" });
});

test("submit form – the schema's messages show in the page's language", async () => {
  const form = { ...emptyForm(config), email: "eve@example.com", phone: "555", description: "short" };
  const { errors } = await toPayload(form, config, { country: "US", required: true }, translatorFor("de"));
  expect(errors).toMatchObject({
    firstName: "Vorname ist erforderlich",
    phone: "Die Telefonnummer muss das Format XXX-XXX-XXXX haben",
    description: "Die Beschreibung muss mindestens 10 Zeichen lang sein",
  });
});
