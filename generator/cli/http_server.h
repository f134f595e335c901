// The HTTP/1.1 server of `gpuguide serve`: one thread, one poll() loop over non-blocking
// sockets, so no client can hold a thread. A silent, slow (a byte a second) or half-sent
// client only holds its own socket until its deadline; an open page's event stream is a socket
// in the loop, not a worker, and all of them are told of a build at once by Wake(). Loopback
// only: the Host header must name the address the server listens on (127.0.0.1, localhost or
// [::1], with the port), so a page of another site cannot read this one through a DNS name
// rebound to 127.0.0.1 (answered 421).
//
// It serves GET and HEAD (anything else: 405), without request bodies (a request announcing
// one: 400 and closed), with keep-alive for HTTP/1.1. Nothing of it is published.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace gg {

struct HttpLimits {
  // A request's head (request line and headers) must arrive within head_timeout_ms of the
  // moment the connection was ready for it (accepted, or the previous answer sent); it may
  // hold max_head_bytes at most (431 beyond).
  int head_timeout_ms = 2000;
  size_t max_head_bytes = 16 * 1024;
  // An answer must be taken by the client within write_timeout_ms.
  int write_timeout_ms = 30000;
  // Open connections of every kind, event streams included. A connection over the cap
  // replaces the oldest one still waiting for its request (a silent or slow client); with
  // none, it is closed at once.
  int max_connections = 1000;
  // An event stream with nothing to say gets a comment this often (proxies, sleeping laptops).
  int stream_ping_ms = 15000;
};

struct HttpRequest {
  std::string method;  // "GET", "HEAD"
  std::string path;    // percent-decoded, without the query
  std::string target;  // as sent: "/en/?x=1"
};

struct HttpResponse {
  int status = 200;
  std::string content_type;
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;  // e.g. {"Location", "/en/"}
  // An event stream (text/event-stream): the connection stays open; what the server's
  // stream callback returns is sent on it, first at once, then after each Wake().
  bool event_stream = false;
};

class HttpServer {
 public:
  using Handler = std::function<HttpResponse(const HttpRequest&)>;
  // The next message of one event stream, "" for none; *cursor is the stream's own state
  // (0 when it opens), kept by the server.
  using StreamEvents = std::function<std::string(uint64_t* cursor)>;

  explicit HttpServer(HttpLimits limits = {});
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Binds 127.0.0.1:port (SO_REUSEADDR, never SO_REUSEPORT) and listens. False with *error
  // when the port is taken or the sockets cannot be made.
  bool Bind(int port, std::string* error);
  // Serves until Stop(): `handler` and `events` run on this thread, one request at a time.
  void Run(const Handler& handler, const StreamEvents& events);
  // Thread-safe: every event stream is asked for its next message (a build finished).
  void Wake();
  // Thread-safe: Run returns after closing every connection.
  void Stop();

  // For tests: open connections and event streams right now (approximate, any thread).
  int connections() const { return connections_.load(); }
  int streams() const { return streams_.load(); }

 private:
  struct Conn;
  void Accept(std::vector<Conn>* conns, int64_t now);
  HttpLimits limits_;
  int listen_fd_ = -1;
  int wake_fd_ = -1;  // eventfd
  int port_ = 0;
  std::atomic<bool> stop_{false};
  std::atomic<int> connections_{0};
  std::atomic<int> streams_{0};
};

// Whether a Host header names this server: 127.0.0.1, localhost or [::1] with `port` (the
// port may be left out only when it is 80). Case-insensitive, a trailing dot allowed.
bool IsLoopbackHost(const std::string& host, int port);

}  // namespace gg
