// gardenkit-widget-models: a plugin of gardenkit's Voilà pages (gardenkit/server/launch.py puts this folder
// on Voilà's extra_labextensions_path). Written by hand as a federated extension container (what
// Voilà's page loads for every extension: window._JUPYTERLAB[name] with init and get), so it needs
// no build step.
//
// What it fixes (issue 22, docs/hosting.md): a dashboard page asks its kernel for every widget's
// state at once while Voilà already renders the outputs. A renderer whose model is not there yet
// calls the widget manager's get_model, which (ipywidgets 8.1.9) looks for the model every 100 ms
// for 2 s and then throws "widget model not found" without looking once more after its last wait.
// On a busy machine the states' reply (Tang Garden: 157 models, 4.9 MB) is parsed and its models
// registered in one long task of the page; a renderer whose 2 s end during that task throws although
// its model is now registered, and because the manager has finished restoring by then, the renderer
// shows "Error displaying widget: model not found" for good. Here the page's manager looks once more
// when get_model gives up: a model registered meanwhile is returned. A model that is really missing
// still fails as before (and a renderer whose manager has not restored yet still waits for it).
//
// And a second limit of the same kind, anywidget's (0.11.0): every anywidget model (gardenkit's boards,
// buttons, covers) gives its module 2 s from the model's creation to load and start
// (`AbortSignal.timeout(2000)` in its Runtime), then marks the model failed: "[anywidget] Failed to
// initialize model." From then on every message the kernel sends that model is refused with that
// error, although the module does load and its views are drawn a moment later. On a busy page (a
// phone, a busy machine: the page's main thread held for 2 s while it parses the widget states) a
// board was drawn once and then never again: the learner's clicks reached the kernel, its answers
// never reached the board. Here such a message is handed to the widget model as ipywidgets does
// for any widget (its state is updated, its views redrawn), and the refusal that nobody awaited is
// reported as a console warning, not an error. Messages of a model that has started are untouched.
(function () {
  "use strict";
  var NAME = "gardenkit-widget-models";

  function lookAgain(manager) {
    if (!manager || manager.__gardenkitLookAgain || typeof manager.get_model !== "function") return;
    var getModel = manager.get_model;
    manager.__gardenkitLookAgain = true;
    manager.get_model = function (modelId) {
      var self = this;
      return getModel.call(self, modelId).catch(function (err) {
        var late = self._models ? self._models[modelId] : undefined;
        if (late !== undefined) return late;
        throw err;
      });
    };
  }

  var START_LIMIT = "[anywidget] Failed to initialize model.";

  function startedLate(err) {
    return !!err && err.message === START_LIMIT;
  }

  // AnyModel's own _handle_comm_msg waits for its Runtime to have started, then hands the message
  // to the widget model's (its parent class's); when the start ran out of its 2 s, hand it there
  // anyway (in the order the messages came: each waits on the same start)
  function deliverLate(ModelClass) {
    var proto = ModelClass && ModelClass.prototype;
    if (!proto || proto.__gardenkitDeliverLate || typeof proto._handle_comm_msg !== "function") return;
    var own = proto._handle_comm_msg;
    var widgetModel = Object.getPrototypeOf(proto)._handle_comm_msg;
    if (typeof widgetModel !== "function") return;
    proto._handle_comm_msg = function () {
      var self = this, args = arguments;
      return Promise.resolve(own.apply(self, args)).catch(function (err) {
        if (!startedLate(err)) throw err;
        if (!self.__gardenkitLate) {  // said once per model: which one, so a test log can name it
          self.__gardenkitLate = true;
          var name = typeof self.get === "function" ? self.get("_anywidget_id") : "";
          console.warn("gardenkit: widget " + self.model_id + (name ? " (" + name + ")" : "") +
                       " started after anywidget's 2 s; its messages are delivered all the same");
        }
        return widgetModel.apply(self, args);
      });
    };
    proto.__gardenkitDeliverLate = true;
  }

  // (the model class is patched before its first model is made: a model binds _handle_comm_msg to
  // its comm when it is made)
  function lateStarts(manager) {
    if (!manager || manager.__gardenkitLateStarts || typeof manager.loadModelClass !== "function") return;
    var loadModelClass = manager.loadModelClass;
    manager.__gardenkitLateStarts = true;
    manager.loadModelClass = function (className, moduleName) {
      return Promise.resolve(loadModelClass.apply(this, arguments)).then(function (cls) {
        if (moduleName === "anywidget" && className === "AnyModel") deliverLate(cls);
        return cls;
      });
    };
  }

  // the start's own promise, when no message waited on it, is refused with nobody listening
  window.addEventListener("unhandledrejection", function (event) {
    if (!startedLate(event.reason)) return;
    event.preventDefault();
    console.warn("gardenkit: a widget's module took more than anywidget's 2 s to start; " +
                 "its messages are delivered all the same");
  });

  function patch(manager) {
    lookAgain(manager);
    lateStarts(manager);
  }

  var plugin = {
    id: NAME + ":look-again",
    description: "A widget model registered while get_model waited is found; an anywidget model that started late still gets its messages (issue 22).",
    autoStart: true,
    activate: function (app) {
      // Voilà's app resolves this once its widget manager exists, before any output is rendered
      // (outputs are rendered when the app has started, after every plugin's activation)
      var pending = app.widgetManagerPromise;
      if (pending && pending.promise) {
        pending.promise.then(patch);
      } else if (app.widgetManager) {
        patch(app.widgetManager);
      }
    },
  };

  var modules = {
    "./extension": function () {
      return Promise.resolve(function () {
        return { __esModule: true, default: [plugin] };
      });
    },
  };

  window._JUPYTERLAB = window._JUPYTERLAB || {};
  window._JUPYTERLAB[NAME] = {
    init: function () {},
    get: function (module) {
      var make = modules[module];
      return make ? make() : Promise.reject(new Error(NAME + " has no module " + module));
    },
  };
})();
