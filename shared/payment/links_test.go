package payment_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"zuum/localstack/flutterwave"
	"zuum/shared/money"
	"zuum/shared/payment"
)

func TestCreatePaymentLink_ReturnsTheHostedPageWithPayAndCancel(t *testing.T) {
	t.Parallel()
	client, _ := sandbox(t, flutterwave.Config{})
	link, err := client.CreatePaymentLink(context.Background(), payment.LinkRequest{
		TxRef: "zuum-sub-test", Amount: 15_000 * money.Naira, RedirectURL: "https://zuum.example/subscribe",
		Email: "ada@example.com", Name: "Ada Eze", Title: "Zuum Artist Premium", SessionMinutes: 30,
	})
	if err != nil {
		t.Fatal(err)
	}
	res, err := http.Get(link)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	page, _ := io.ReadAll(res.Body)
	for _, want := range []string{"Zuum Artist Premium", "₦15,000.00", "/_flutterwave/sandbox/payments/zuum-sub-test/pay", "/_flutterwave/sandbox/payments/zuum-sub-test/cancel"} {
		if !strings.Contains(string(page), want) {
			t.Errorf("the page lacks %q:\n%s", want, page)
		}
	}
}

func TestCreatePaymentLink_RefusalsAreTheProvidersErrors(t *testing.T) {
	t.Parallel()
	client, _ := sandbox(t, flutterwave.Config{})
	ok := payment.LinkRequest{TxRef: "zuum-sub-a", Amount: 200 * money.Naira, RedirectURL: "https://zuum.example/subscribe", Email: "a@example.com"}
	if _, err := client.CreatePaymentLink(context.Background(), ok); err != nil {
		t.Fatal(err)
	}
	for name, r := range map[string]payment.LinkRequest{
		"the same tx_ref again": ok,
		"no email":              {TxRef: "zuum-sub-b", Amount: 200 * money.Naira, RedirectURL: "https://zuum.example/"},
		"no amount":             {TxRef: "zuum-sub-c", RedirectURL: "https://zuum.example/", Email: "a@example.com"},
		"a relative redirect":   {TxRef: "zuum-sub-d", Amount: 1, RedirectURL: "/subscribe", Email: "a@example.com"},
	} {
		_, err := client.CreatePaymentLink(context.Background(), r)
		var pe *payment.Error
		if !errors.As(err, &pe) || pe.Status != http.StatusBadRequest || !payment.Definite(err) {
			t.Errorf("%s: %v, want the provider's 400", name, err)
		}
	}
}

func TestPlanFor_PricesPerIdentity(t *testing.T) {
	t.Parallel()
	for identity, want := range map[string]money.Money{
		"artist": 15_000 * money.Naira, "producer": 20_000 * money.Naira, "record_label": 30_000 * money.Naira,
		"label owner": 30_000 * money.Naira, "dev": 200 * money.Naira,
	} {
		if got := payment.PlanFor(identity).Amount; got != want {
			t.Errorf("%s: %s, want %s", identity, got, want)
		}
	}
	if p := payment.PlanFor("listener"); p.Name != "Premium" || p.Features[0] != "Unlimited searches" {
		t.Errorf("an identity without a plan: %+v", p)
	}
}
