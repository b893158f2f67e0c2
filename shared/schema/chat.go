package schema

// Chat holds the chat rooms and their messages: one membership item per member of a room (the
// rooms list, read marks and unread counts) and the room's messages under the room. Item layout
// is documented in shared/chat.
var Chat = overloaded("Chat", "zuum-chat", "CHAT_TABLE")

// Connections holds the chat socket's open connections, each under its user and under its own
// id, with a TTL: API Gateway closes a WebSocket after two hours at most, so an item older than
// that is a connection whose $disconnect never arrived (the code skips expired items itself).
var Connections = overloaded("Connections", "zuum-connections", "CONNECTIONS_TABLE")

// Socket is a WebSocket API: one Lambda that API Gateway invokes for every route, and what it may
// touch. The CDK stack builds the API, its routes, its stage and the function's grants from it;
// the local cloud serves the same routes on the app's Path.
type Socket struct {
	// Name is the function's folder (functions/<Name>/) and its builder's key in the local cloud.
	Name string
	// Path is where the site serves the socket (CloudFront's behaviour, the local app's route).
	Path string
	// Stage is the API's stage. It is named like Path without its slash, so the site's /ws is
	// the stage's own root and CloudFront forwards the path as it is.
	Stage string
	// Routes are the route keys besides $connect, $disconnect and $default, chosen by the frame's
	// RouteSelection ("action").
	Routes []string
	// RouteSelection is the API's route selection expression.
	RouteSelection string
	// CallbackEnvVar names the variable through which the function receives the @connections
	// endpoint (https://<api>.execute-api.<region>.amazonaws.com/<stage>): behind CloudFront an
	// event's domain is the CDN's, so the endpoint never comes from the event.
	CallbackEnvVar string
	Access
}

// ChatSocket is the real-time chat (issue 11; spec part 2 §7 and §8).
var ChatSocket = Socket{
	Name: "chat", Path: "/ws", Stage: "ws",
	Routes:         []string{"joinChat", "sendMessage", "fetchMessages", "markRead"},
	RouteSelection: "$request.body.action",
	CallbackEnvVar: "CHAT_CALLBACK_URL",
	// Users is read for sessions (the cookie or token of $connect).
	Access: Access{Tables: []Table{Chat, Connections}, ReadTables: usersOnly},
}
