// Package flutterwave is the local cloud's payment sandbox: the provider's v3 endpoints Zuum
// calls (temporary virtual accounts, transaction verification; banks, account resolution and
// transfers in transfers.go), served on the AWS edge under /_flutterwave/v3/ with the provider's
// Bearer check and error envelope, plus controls under /_flutterwave/sandbox/ that play the
// bank's part: pay naira into a virtual account, or settle a queued transfer, after which the
// sandbox delivers the signed charge.completed or transfer.completed webhook to the app, retrying
// as the provider does. shared/payment's real client is tested against it; nothing in the app knows it is not
// the provider.
//
// Accounts and transactions survive a restart of the local cloud (the edge saves Snapshot with
// its other state); webhooks still waiting for delivery do not.
package flutterwave

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"zuum/shared/money"
)

// Options tune a Sandbox when it is made.
type Options struct {
	// Clock is the sandbox's time; nil means time.Now.
	Clock func() time.Time
	// RetryDelay is the wait between webhook attempts (the provider waits 30 minutes); zero
	// means 2 s.
	RetryDelay time.Duration
	// Logger receives delivery logs; nil discards them.
	Logger *slog.Logger
}

// Config is what the merchant's dashboard holds: the keys the sandbox accepts and signs with,
// where webhooks go, and how long a temporary account lives. The local cloud sets it once its
// secret exists and its app's address is known (Configure).
type Config struct {
	// SecretKey is the Bearer key the v3 endpoints accept.
	SecretKey string
	// WebhookHash is the secret hash webhooks carry (verif-hash) and are signed with
	// (flutterwave-signature).
	WebhookHash string
	// WebhookURL receives the webhooks; empty means none are sent.
	WebhookURL string
	// Client sends the webhooks; nil means a client with a 60 s timeout (the provider's).
	Client *http.Client
	// AccountLifetime is how long a temporary account accepts payments; zero means an hour
	// (developer.flutterwave.com/docs/virtual-account). The returned expiry_date says it.
	AccountLifetime time.Duration
}

// Retries is how many times a failed webhook is sent again (the provider's three).
const Retries = 3

// BankName is the bank the sandbox's accounts are at, as the provider's samples show it.
const BankName = "WEMA BANK"

// Sandbox is the provider. It is an http.Handler for /_flutterwave/ and safe for concurrent use.
type Sandbox struct {
	clock      atomic.Pointer[func() time.Time]
	retryDelay time.Duration
	log        *slog.Logger
	mux        *http.ServeMux

	mu       sync.Mutex
	cfg      Config
	accounts map[string]*account // by order_ref
	byNumber map[string]string   // account number → order_ref
	txs      map[int64]*transaction
	links    map[string]*link // payment links by tx_ref
	nextID   int64
	hooks    []*Delivery
	onChange func()
	payouts  payouts
	faults   faultSwitch // faults.go
	balance  money.Money // the merchant's NGN balance (balance.go)

	ctx     context.Context // ended by Close: stops deliveries
	cancel  context.CancelFunc
	pending sync.WaitGroup
	busy    int
	idle    chan struct{} // closed while busy is 0
}

// account is a virtual account.
type account struct {
	OrderRef      string       `json:"order_ref"`
	FlwRef        string       `json:"flw_ref"`
	TxRef         string       `json:"tx_ref"`
	AccountNumber string       `json:"account_number"`
	BankName      string       `json:"bank_name"`
	Email         string       `json:"email"`
	Name          string       `json:"name"`
	Narration     string       `json:"narration"`
	Amount        *money.Money `json:"amount,omitempty"`
	Permanent     bool         `json:"permanent"`
	// Frequency is how many successful payments the account takes (0: any number, a static
	// account); Paid counts those it took. A payment beyond Frequency is returned to the sender.
	Frequency int       `json:"frequency,omitempty"`
	Paid      int       `json:"paid,omitempty"`
	CreatedAt time.Time `json:"created_at"`
	ExpiresAt time.Time `json:"expires_at"` // zero when permanent
}

// transaction is a payment received.
type transaction struct {
	ID            int64       `json:"id"`
	TxRef         string      `json:"tx_ref"`
	FlwRef        string      `json:"flw_ref"`
	OrderRef      string      `json:"order_ref"`
	AccountNumber string      `json:"account_number"`
	Amount        money.Money `json:"amount"`
	AppFee        money.Money `json:"app_fee"` // the provider's fee, kept from the balance (balance.go)
	Currency      string      `json:"currency"`
	Status        string      `json:"status"`
	Payer         string      `json:"payer"`
	PayerAccount  string      `json:"payer_account"`
	PayerBank     string      `json:"payer_bank"`
	Email         string      `json:"email"`
	Name          string      `json:"name"`
	PaymentType   string      `json:"payment_type,omitempty"` // "" is a bank transfer
	CreatedAt     time.Time   `json:"created_at"`
}

// Delivery is one webhook the sandbox sent, for tests and for the dev reading what happened.
type Delivery struct {
	TransactionID int64     `json:"transaction_id"`
	URL           string    `json:"url"`
	Attempts      int       `json:"attempts"`
	LastStatus    int       `json:"last_status"` // the app's answer; 0 when it did not answer
	LastError     string    `json:"last_error,omitempty"`
	Delivered     bool      `json:"delivered"`
	Done          bool      `json:"done"` // delivered or given up
	At            time.Time `json:"at"`
}

// SetClock sets the sandbox's time (nil means time.Now): a test moves it on instead of waiting for
// an account or a link to expire.
func (s *Sandbox) SetClock(now func() time.Time) {
	if now == nil {
		now = time.Now
	}
	s.clock.Store(&now)
}

func (s *Sandbox) now() time.Time { return (*s.clock.Load())() }

// New returns a sandbox without configuration: until Configure, every v3 call is refused as
// unauthorised and no webhook is sent.
func New(opts Options) *Sandbox {
	idle := make(chan struct{})
	close(idle)
	ctx, cancel := context.WithCancel(context.Background())
	s := &Sandbox{
		retryDelay: opts.RetryDelay, log: opts.Logger,
		accounts: map[string]*account{}, byNumber: map[string]string{}, txs: map[int64]*transaction{},
		links: map[string]*link{}, nextID: 8_321_944, ctx: ctx, cancel: cancel, idle: idle,
		payouts: payouts{transfers: map[int64]*transfer{}, byRef: map[string]int64{}, nextID: 412_000},
	}
	s.SetClock(opts.Clock)
	if s.retryDelay <= 0 {
		s.retryDelay = 2 * time.Second
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	s.routes()
	return s
}

// Configure sets the merchant's keys, webhook address and account lifetime.
func (s *Sandbox) Configure(c Config) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c.Client == nil {
		c.Client = &http.Client{Timeout: 60 * time.Second}
	}
	if c.AccountLifetime <= 0 {
		c.AccountLifetime = time.Hour
	}
	s.cfg = c
}

// OnChange sets a function called after every change of state (the edge saves then).
func (s *Sandbox) OnChange(fn func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.onChange = fn
}

// changed tells the saver; the caller holds s.mu.
func (s *Sandbox) changed() {
	if s.onChange != nil {
		s.onChange()
	}
}

func (s *Sandbox) config() Config {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cfg
}

// Deliveries lists the webhooks sent so far, oldest first.
func (s *Sandbox) Deliveries() []Delivery {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Delivery, len(s.hooks))
	for i, d := range s.hooks {
		out[i] = *d
	}
	return out
}

// WaitIdle returns once no webhook is being sent or waiting for a retry, or when ctx ends.
func (s *Sandbox) WaitIdle(ctx context.Context) error {
	s.mu.Lock()
	idle := s.idle
	s.mu.Unlock()
	select {
	case <-idle:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("flutterwave sandbox: webhooks still pending: %w", ctx.Err())
	}
}

// Close stops deliveries in progress and waits for them to end.
func (s *Sandbox) Close() {
	s.cancel()
	s.pending.Wait()
}

// State is what the sandbox keeps across restarts.
type State struct {
	Accounts     []*account     `json:"accounts"`
	Transactions []*transaction `json:"transactions"`
	Links        []*link        `json:"links,omitempty"`
	NextID       int64          `json:"next_id"`
	Transfers    []*transfer    `json:"transfers,omitempty"`
	NextTransfer int64          `json:"next_transfer_id,omitempty"`
	Balance      money.Money    `json:"balance"`
}

// Snapshot copies the accounts and transactions for saving.
func (s *Sandbox) Snapshot() State {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := State{NextID: s.nextID, NextTransfer: s.payouts.nextID, Balance: s.balance}
	for _, t := range s.payouts.transfers {
		c := *t
		st.Transfers = append(st.Transfers, &c)
	}
	for _, a := range s.accounts {
		c := *a
		st.Accounts = append(st.Accounts, &c)
	}
	for _, t := range s.txs {
		c := *t
		st.Transactions = append(st.Transactions, &c)
	}
	for _, l := range s.links {
		c := *l
		st.Links = append(st.Links, &c)
	}
	return st
}

// Restore replaces the accounts and transactions with saved ones.
func (s *Sandbox) Restore(st State) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.accounts, s.byNumber, s.txs = map[string]*account{}, map[string]string{}, map[int64]*transaction{}
	for _, a := range st.Accounts {
		s.accounts[a.OrderRef] = a
		s.byNumber[a.AccountNumber] = a.OrderRef
	}
	for _, t := range st.Transactions {
		s.txs[t.ID] = t
	}
	s.links = map[string]*link{}
	for _, l := range st.Links {
		s.links[l.TxRef] = l
	}
	if st.NextID > s.nextID {
		s.nextID = st.NextID
	}
	s.payouts.restore(st.Transfers, st.NextTransfer)
	s.balance = st.Balance
}
