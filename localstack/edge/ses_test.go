package edge_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"regexp"
	"slices"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/sesv2/types"

	"zuum/localstack/cloudtest"
)

func simpleEmail(from string, to []string, subject, text, html string) *sesv2.SendEmailInput {
	body := &types.Body{}
	if text != "" {
		body.Text = &types.Content{Data: aws.String(text)}
	}
	if html != "" {
		body.Html = &types.Content{Data: aws.String(html)}
	}
	return &sesv2.SendEmailInput{
		FromEmailAddress: aws.String(from),
		Destination:      &types.Destination{ToAddresses: to},
		Content: &types.EmailContent{Simple: &types.Message{
			Subject: &types.Content{Data: aws.String(subject)}, Body: body,
		}},
	}
}

func send(t *testing.T, c *sesv2.Client, in *sesv2.SendEmailInput) string {
	t.Helper()
	out, err := c.SendEmail(context.Background(), in)
	if err != nil {
		t.Fatalf("SendEmail: %v", err)
	}
	return aws.ToString(out.MessageId)
}

// Tools written for LocalStack read GET /_aws/ses; the shape must be LocalStack's to the key.
func TestSentMailIsListedInLocalStacksShape(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	id := send(t, c.SES, simpleEmail("no-reply@zuum.test", []string{"ada@zuum.test"}, "Welcome", "hi", "<p>hi</p>"))
	send(t, c.SES, simpleEmail("no-reply@zuum.test", []string{"bob@zuum.test"}, "Code", "123456", ""))

	status, body := get(t, http.MethodGet, c.URL+"/_aws/ses")
	if status != http.StatusOK {
		t.Fatalf("GET /_aws/ses = %d", status)
	}
	var got struct{ Messages []map[string]any }
	if err := json.Unmarshal([]byte(body), &got); err != nil {
		t.Fatalf("%v in %s", err, body)
	}
	if len(got.Messages) != 2 {
		t.Fatalf("%d messages, want 2: %s", len(got.Messages), body)
	}
	first, second := got.Messages[0], got.Messages[1]
	keys := make([]string, 0, len(first))
	for k := range first {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	if want := []string{"Body", "Destination", "Id", "Region", "Source", "Subject", "Timestamp"}; !slices.Equal(keys, want) {
		t.Errorf("message keys = %v, want %v", keys, want)
	}
	checks := []struct {
		name      string
		got, want any
	}{
		{"Id", first["Id"], id},
		{"Region", first["Region"], cloudtest.Region},
		{"Source", first["Source"], "no-reply@zuum.test"},
		{"Destination", first["Destination"], map[string]any{"ToAddresses": []any{"ada@zuum.test"}}},
		{"Subject", first["Subject"], "Welcome"},
		{"Body", first["Body"], map[string]any{"text_part": "hi", "html_part": "<p>hi</p>"}},
		{"Body without html", second["Body"], map[string]any{"text_part": "123456", "html_part": nil}},
	}
	for _, c := range checks {
		if gotJSON, wantJSON := mustJSON(t, c.got), mustJSON(t, c.want); gotJSON != wantJSON {
			t.Errorf("%s = %s, want %s", c.name, gotJSON, wantJSON)
		}
	}
	if ts, _ := first["Timestamp"].(string); !regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$`).MatchString(ts) {
		t.Errorf("Timestamp = %q, want LocalStack's 2006-01-02T15:04:05", ts)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestMailListFiltersBySourceOrRecipientIgnoringCase(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	send(t, c.SES, simpleEmail("no-reply@zuum.test", []string{"ada@zuum.test"}, "1", "x", ""))
	send(t, c.SES, simpleEmail("ada@zuum.test", []string{"bob@zuum.test"}, "2", "x", ""))
	send(t, c.SES, simpleEmail("Zuum <no-reply@zuum.test>", []string{"bob@zuum.test", "Carol <Carol@Zuum.test>"}, "3", "x", ""))

	cases := []struct {
		email string
		want  []string // subjects
	}{
		{"ADA@zuum.test", []string{"1", "2"}},
		{"bob@zuum.test", []string{"2", "3"}},
		{"carol@zuum.test", []string{"3"}},
		{"no-reply@zuum.test", []string{"1", "3"}},
		{"nobody@zuum.test", []string{}},
	}
	for _, tc := range cases {
		t.Run(tc.email, func(t *testing.T) {
			_, body := get(t, http.MethodGet, c.URL+"/_aws/ses?email="+tc.email)
			var got struct{ Messages []struct{ Subject string } }
			if err := json.Unmarshal([]byte(body), &got); err != nil {
				t.Fatal(err)
			}
			subjects := []string{}
			for _, m := range got.Messages {
				subjects = append(subjects, m.Subject)
			}
			if !slices.Equal(subjects, tc.want) {
				t.Errorf("subjects = %v, want %v", subjects, tc.want)
			}
		})
	}
}

func TestDeletingMailEmptiesTheList(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	send(t, c.SES, simpleEmail("no-reply@zuum.test", []string{"ada@zuum.test"}, "1", "x", ""))
	if status, _ := get(t, http.MethodDelete, c.URL+"/_aws/ses"); status/100 != 2 {
		t.Fatalf("DELETE /_aws/ses = %d", status)
	}
	if _, body := get(t, http.MethodGet, c.URL+"/_aws/ses"); body != "{\"messages\":[]}\n" {
		t.Errorf("after delete: %s", body)
	}
	if n := len(c.Mail()); n != 0 {
		t.Errorf("Mail() has %d messages after delete", n)
	}
}

func TestSendEmailRefusesWhatSESRefuses(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	valid := func() *sesv2.SendEmailInput {
		return simpleEmail("no-reply@zuum.test", []string{"ada@zuum.test"}, "s", "body", "")
	}
	cases := []struct {
		name   string
		change func(*sesv2.SendEmailInput)
		want   any
	}{
		{"no sender", func(in *sesv2.SendEmailInput) { in.FromEmailAddress = nil }, new(*types.BadRequestException)},
		{"no recipient", func(in *sesv2.SendEmailInput) { in.Destination = nil }, new(*types.BadRequestException)},
		{"malformed recipient", func(in *sesv2.SendEmailInput) { in.Destination.ToAddresses = []string{"ada"} }, new(*types.BadRequestException)},
		{"empty body", func(in *sesv2.SendEmailInput) { in.Content.Simple.Body = &types.Body{} }, new(*types.BadRequestException)},
		{"unknown template", func(in *sesv2.SendEmailInput) {
			in.Content = &types.EmailContent{Template: &types.Template{TemplateName: aws.String("welcome")}}
		}, new(*types.NotFoundException)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			in := valid()
			tc.change(in)
			_, err := c.SES.SendEmail(context.Background(), in)
			if !errors.As(err, tc.want) {
				t.Errorf("got %v, want %T", err, tc.want)
			}
		})
	}
	if n := len(c.Mail()); n != 0 {
		t.Errorf("refused sends kept %d messages", n)
	}
}

func TestRawEmailTakesRecipientsFromItsHeaders(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	raw := "From: no-reply@zuum.test\r\nTo: Ada <ada@zuum.test>\r\nSubject: Receipt\r\n\r\nThanks"
	send(t, c.SES, &sesv2.SendEmailInput{Content: &types.EmailContent{Raw: &types.RawMessage{Data: []byte(raw)}}})
	got := c.MailTo("ada@zuum.test")
	if len(got) != 1 || got[0].Subject != "Receipt" || got[0].RawData != raw || got[0].Source != "no-reply@zuum.test" {
		t.Errorf("MailTo = %+v", got)
	}
}
